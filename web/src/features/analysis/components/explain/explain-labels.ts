/**
 * The words and units of the report's `explain` entries. The service names each figure and
 * input by its program name (`valuation.fairValue`, `sharesOutstanding`); readers see these
 * Traditional Chinese labels instead, and each value in its unit.
 */
export type Unit =
  /** A per-share price in the report's currency. */
  | 'price'
  /** A large amount in the report's currency (`USD 3,910 億`). */
  | 'amount'
  | 'amountUsd'
  /** A fraction shown as a percent (0.085 → 8.50%). */
  | 'fraction'
  /** Already a percent (12.5 → 12.50%). */
  | 'percent'
  /** A multiple (28.4 → 28.4 倍). */
  | 'multiple'
  | 'shares'
  | 'count'
  | 'points'
  | 'years'
  | 'date'
  | 'number'
  | 'text';

export interface Label {
  label: string;
  unit: Unit;
}

const l = (label: string, unit: Unit): Label => ({ label, unit });

/** Inputs, by the name the service gives them. */
export const INPUT_LABELS: Record<string, Label> = {
  currency: l('交易貨幣', 'text'),
  asOf: l('數據日期', 'date'),
  price: l('股價', 'price'),
  currentPrice: l('股價', 'price'),
  sharesOutstanding: l('流通股數', 'shares'),
  eps: l('每股盈利', 'price'),
  dividendPerShare: l('每股股息', 'price'),
  dividendYield: l('股息率', 'fraction'),
  peRatio: l('市盈率', 'multiple'),
  netMargin: l('淨利潤率', 'fraction'),
  marketCap: l('市值', 'amount'),
  marketCapUsd: l('市值（美元）', 'amountUsd'),
  valuation: l('估值得分', 'points'),
  income: l('股息得分', 'points'),
  size: l('規模得分', 'points'),
  profitability: l('盈利能力得分', 'points'),
  returns: l('回報得分', 'points'),
  balanceSheet: l('資產負債得分', 'points'),
  cashConversion: l('現金轉化得分', 'points'),
  scale: l('規模得分', 'points'),
  weight: l('權重', 'fraction'),
  fairValue: l('合理價值', 'price'),
  targetPrice: l('目標價', 'price'),
  confidence: l('信心度', 'percent'),
  upside: l('上升空間', 'percent'),
  agreement: l('模型一致度', 'fraction'),
  completeness: l('數據完整度', 'fraction'),
  modelsUsed: l('採用模型數目', 'count'),
  beta: l('β 值', 'number'),
  betaSource: l('β 值來源', 'text'),
  debtToEquity: l('負債權益比', 'multiple'),
  netIncome: l('純利', 'amount'),
  revenue: l('收入', 'amount'),
  equity: l('股東權益', 'amount'),
  ebitda: l('EBITDA', 'amount'),
  freeCashFlow: l('自由現金流', 'amount'),
  totalDebt: l('總債務', 'amount'),
  cash: l('現金', 'amount'),
  netDebt: l('淨債務', 'amount'),
  netDebtNote: l('淨債務說明', 'text'),
  factors: l('風險因素', 'text'),
  // The risk level's factors, each given as its level and the reason.
  volatility: l('股價波動', 'text'),
  leverage: l('財務槓桿', 'text'),
  earnings: l('盈利穩定性', 'text'),
  valuation_uncertainty: l('估值不確定性', 'text'),
  roe: l('股東權益回報率（ROE）', 'fraction'),
  fcfConversion: l('現金轉化率（自由現金流 ÷ 純利）', 'fraction'),
  action: l('建議行動', 'text'),
  riskLevel: l('風險等級', 'text'),
  singleStockLimit: l('單一股票上限', 'percent'),
  stockAllocation: l('股票配置範圍', 'text'),
  base: l('估值基數', 'text'),
  baseAmount: l('基數金額', 'amount'),
  // The live DCF's normalised base (ADR 0055): how it was found, the latest year's own figure and the typical margin.
  baseMethod: l('基數計算方法', 'text'),
  latestFreeCashFlow: l('最新年度自由現金流', 'amount'),
  normalisedFcfMargin: l('正常化自由現金流率', 'fraction'),
  normalisedFreeCashFlow: l('正常化自由現金流', 'amount'),
  fiscalYearEnd: l('財政年度結算日', 'date'),
  discountRate: l('折現率', 'fraction'),
  costOfEquity: l('股權成本', 'fraction'),
  wacc: l('加權平均資本成本（WACC）', 'fraction'),
  riskFreeRate: l('無風險利率', 'fraction'),
  riskFree: l('無風險利率', 'fraction'),
  equityRiskPremium: l('股權風險溢價', 'fraction'),
  countryRiskPremium: l('國家風險溢價', 'fraction'),
  firstYearGrowth: l('首年增長率', 'fraction'),
  growthSource: l('增長率來源', 'text'),
  terminalGrowth: l('永續增長率', 'fraction'),
  explicitYears: l('預測年數', 'years'),
  reinvestmentRoe: l('再投資回報率', 'fraction'),
  roeSource: l('回報率來源', 'text'),
  presentValueOfFlows: l('預測期現值', 'amount'),
  presentValueOfTerminal: l('終值現值', 'amount'),
  dividendGrowth: l('股息增長率', 'fraction'),
  market: l('市場', 'text'),
  sector: l('行業', 'text'),
  peers: l('同業數目', 'count'),
  sectorMedianPe: l('同業市盈率中位數', 'multiple'),
  peersWithPe: l('有市盈率的同業數目', 'count'),
  sectorMedianEvToEbitda: l('同業 EV/EBITDA 中位數', 'multiple'),
  peersWithEvToEbitda: l('有 EV/EBITDA 的同業數目', 'count'),
  sectorMedianPb: l('同業市賬率中位數', 'multiple'),
  peersWithPb: l('有市賬率的同業數目', 'count'),
  sectorMedianEvToSales: l('同業 EV/Sales 中位數', 'multiple'),
  bookValuePerShare: l('每股帳面值', 'price'),
  evToEbitdaNote: l('EV/EBITDA 說明', 'text'),
  byPe: l('按市盈率估值', 'price'),
  byEvToEbitda: l('按 EV/EBITDA 估值', 'price'),
  byPb: l('按市賬率估值', 'price'),
  byEvToSales: l('按 EV/Sales 估值', 'price'),
  outlierValue: l('偏離值（未採用）', 'price'),
  impliedGrowth: l('股價隱含增長率', 'fraction'),
  impliedRevenueGrowth: l('股價隱含收入增長率', 'fraction'),
  referenceGrowth: l('公司歷年收入增長率（比較基準）', 'fraction'),
  bookGrowth: l('帳面值增長率', 'fraction'),
  companyKind: l('公司類別', 'text'),
  dispersion: l('模型分歧度', 'fraction'),
  dps: l('每股股息', 'price'),
  shares: l('流通股數', 'shares'),
  what: l('估值基數', 'text'),
  extreme: l('極端值', 'text'),
  justifiedPriceToBook: l('合理市賬率', 'multiple'),
  marginSource: l('利潤率來源', 'text'),
  matureNetMargin: l('成熟期淨利潤率', 'fraction'),
  peerMedian: l('同業中位數', 'multiple'),
  rateKind: l('折現率類別', 'text'),
  uncertainty: l('估值不確定性', 'text'),
};

/** Figures, by the name the service gives them; models and investor types are named by the report itself. */
export const FIGURE_LABELS: Record<string, Label> = {
  'basic.currentPrice': l('現價', 'price'),
  'basic.marketCap': l('市值', 'amount'),
  'basic.peRatio': l('市盈率', 'multiple'),
  'basic.dividendYield': l('股息率', 'percent'),
  'basic.score': l('基本面評分', 'points'),
  'data.fiscalYears': l('所用財政年度', 'text'),
  'valuation.fairValue': l('合理價值', 'price'),
  'valuation.targetPrice': l('目標價', 'price'),
  'valuation.upside': l('上升空間', 'percent'),
  'valuation.confidence': l('信心度', 'percent'),
  'valuation.recommendation': l('投資評級', 'text'),
  'valuation.riskLevel': l('風險等級', 'text'),
  'valuation.uncertainty': l('估值不確定性', 'text'),
  'valuation.discountRate': l('折現率', 'fraction'),
  'business.score': l('業務評分', 'points'),
  'business.roe': l('股東權益回報率（ROE）', 'fraction'),
  'business.netMargin': l('淨利潤率', 'fraction'),
};

/** The section a figure belongs to, by its name's first part. */
export const SECTION_LABELS: Record<string, string> = {
  basic: '基本資料',
  valuation: '估值',
  business: '業務分析',
  suggestions: '投資建議',
};

const MULTIPLE_NAMES: Record<string, string> = {
  pe: '市盈率（P/E）',
  pb: '市賬率（P/B）',
  ev_ebitda: 'EV/EBITDA',
  ev_sales: 'EV/Sales',
};

/**
 * Inputs the engine already names for the reader: a fiscal year (`FY2024`, its end date beside
 * it) or a Chinese caption (`來源不一致 1`, a note on pages that disagreed).
 */
export function selfNamedInputLabel(name: string): Label | null {
  return /^FY\d{4}$/.test(name) || /\p{Script=Han}/u.test(name) ? l(name, 'text') : null;
}

/**
 * The relative model names its inputs per multiple (`pePeers`, `ev_ebitdaPeerMedian`, `pbValue`,
 * `ev_salesNote`): one label per part, so a multiple the engine adds needs only its name here.
 */
export function multipleInputLabel(name: string): Label | null {
  const match = /^(pe|pb|ev_ebitda|ev_sales)(Note|PeerMedian|PeerSpread|Peers|Value)$/.exec(name);
  const multiple = match && MULTIPLE_NAMES[match[1] as string];
  if (!match || !multiple) return null;
  switch (match[2]) {
    case 'Note':
      return l(`${multiple}說明`, 'text');
    case 'PeerMedian':
      return l(`${multiple}同業中位數`, 'multiple');
    case 'PeerSpread':
      return l(`${multiple}同業分佈`, 'text');
    case 'Peers':
      return l(`${multiple}同業`, 'text');
    default:
      return l(`按${multiple}估算的價值`, 'price');
  }
}
