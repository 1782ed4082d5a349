import type { MarketData, SectorMedians } from '../market-data/types';
import type { Universe } from '../universe/service';
import { toMarketData } from '../market-data/snapshot';
import type { InvestorAction, Rating, RiskRating, Uncertainty, ValuationResult } from './types';
import { builtInAnalyst } from '../analyst/built-in';
import { adviseInvestors } from './suggestions';
import { basicInfo } from './basic-info';
import { assessBusiness } from './business';
import { mergeReport } from './merge';
import { type ProseIssue, proseIssues } from './prose-check';
import { round } from './format';
import { valuationModels } from './valuation';
import { inBlend, modelDispersion, recommendationFor } from './valuation/blend';
import { MIN_PEERS, MULTIPLE_CAP } from './valuation/peers';
import { reverseDcfSupports } from './valuation/reverse-dcf';
import { damodaranIndustry } from './valuation/industry-map';
import { unverifiedLeverage } from './valuation/leverage';
import { financialMetrics } from './metrics';

/** One stock's outcome, as the coverage figures count it. */
export interface CoverageRow {
  symbol: string;
  market: 'HK' | 'US';
  /** What the built-in report's words say that its figures do not (prose-check.ts). */
  proseIssues: ProseIssue[];
  price: number | null;
  valuation: ValuationResult;
  /** The four types' advice, in the order of `actions` and `sizes`. */
  investorTypes: string[];
  actions: InvestorAction[];
  sizes: number[];
  conservativeAction: string;
  /** The company borrows in a heavily borrowing industry but its debt is unknown (ADR 0042). */
  leverageUnverified: boolean;
}

export interface CoverageFigures {
  stocks: number;
  recommendations: Partial<Record<Rating, number>>;
  risk: Partial<Record<RiskRating, number>>;
  uncertainty: Partial<Record<Uncertainty, number>>;
  kinds: Record<string, number>;
  /** Rated reports whose fair value lies outside 1/3×–3× the price (must be 0). */
  ratedOutsideBand: string[];
  /** Banks and insurers valued without residual income or with a free-cash-flow DCF or EV/EBITDA (must be empty). */
  banksWithoutBankModels: string[];
  /** Loss-makers valued with P/E, Graham or DDM in the blend, or without EV/Sales or reverse DCF (must be empty). */
  lossMakersMisvalued: string[];
  /** Distinct costs of equity over the stocks. */
  distinctCostsOfEquity: number;
  /** Stocks whose four investor types get at least two different actions or position sizes. */
  tailored: number;
  /** `tailored` ÷ `stocks`, the Done-when's "most stocks" (must exceed 0.5). */
  tailoredShare: number;
  /** Stocks whose four types get at least two different actions (a stricter count than `tailored`: sizes differ by each type's single-stock limit alone). */
  actionsDiffer: number;
  /** Companies whose debt is unknown in a heavily borrowing industry. */
  unverifiedLeverage: number;
  /** Strong calls on such a company (must be empty). */
  strongCallsOnUnverifiedLeverage: string[];
  /** The actions of every type over every stock (stocks × 4), `avoid` (不建議持有) among them. */
  actions: Partial<Record<InvestorAction, number>>;
  /** Stocks on which at least one type is told `avoid`. */
  stocksWithAvoid: number;
  /**
   * "SYMBOL type action size" wherever an action and its size disagree: a hold or a buy with a
   * zero position, or `avoid` with one (must be empty, ADR 0054).
   */
  actionsAtOddsWithSize: string[];
  /** Conservative investors told to buy a high-, unknown-risk or very-high-uncertainty stock (must be empty). */
  conservativeBuysOnRisk: string[];
  /** "SYMBOL rule: sentence" for each sentence whose words contradict the report's figures (must be empty). */
  proseContradictions: string[];
  /** Reports whose prose was checked, per market. */
  proseChecked: Record<'HK' | 'US', number>;
  /** "SYMBOL model" for each Hong Kong relative or EV/Sales model naming fewer than three Hong Kong peers (issue 27, item 4). */
  hkPeerModelsWithoutThreePeers: string[];
  /** Those of them that do not say they found fewer than three peers (must be empty: the reader is told why). */
  hkPeerModelsUnexplained: string[];
  /** How the relative and EV/Sales models came out: in the blend, shown as a reference (too few peers), skipped. */
  peerModels: { blend: number; check: number; skipped: number };
  /** The median number of peers behind a blended multiple. */
  medianPeersPerMultiple: number | null;
  /** "SYMBOL multiple n" for each multiple of a rated report's blend resting on fewer than MIN_PEERS peers (must be empty, ADR 0067). */
  ratedOnFewPeers: string[];
  /** "SYMBOL multiple peer value" for each outlier (negative or above the cap) inside a rated blend (must be empty). */
  outliersInBlend: string[];
  /** Buys on a loss-maker valued by EV/Sales alone without the reverse DCF's support (must be empty). */
  revenueOnlyBuysUnsupported: string[];
  /** Rated reports whose models are over 2× apart and whose call is stronger than one model's own (must be empty). */
  callsBeyondAModel: string[];
}

/** The coverage run is no user's analysis: one fixed id stands in the analyst's context. */
const COVERAGE_ID = '00000000-0000-4000-8000-00000000c0de';

const kindIsFinancial = (v: ValuationResult) => v.companyKind === 'bank' || v.companyKind === 'insurer';

const count = <K extends string>(values: K[]) =>
  values.reduce<Partial<Record<K, number>>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

/** Values every stock of the universe that has figures and summarises the outcomes (for the coverage test and CLI). */
export async function valuationCoverage(
  universe: Universe,
  symbols: string[],
  now: Date,
): Promise<{ rows: CoverageRow[]; figures: CoverageFigures }> {
  const analyst = builtInAnalyst();
  const rows: CoverageRow[] = [];
  for (const symbol of symbols) {
    const stock = await universe.find(symbol);
    const figures = await universe.fundamentals(symbol);
    if (!stock || !figures || stock.status !== 'active') continue;
    const data: MarketData = toMarketData(stock, figures);
    const medians: SectorMedians | null = stock.sector
      ? await universe.sectorMedians({ market: stock.market, sector: stock.sector, symbol: stock.symbol })
      : null;
    const input = { data, medians, investorType: null };
    const valuation = valuationModels(input, { now });
    const ctx = { analysisId: COVERAGE_ID, userId: COVERAGE_ID, symbol };
    const business = await assessBusiness(input, valuation, analyst, ctx, now);
    const suggestions = adviseInvestors(input, valuation, business);
    const report = await mergeReport(input, { basic: basicInfo(data, now), valuation, business, suggestions }, analyst, ctx, now);
    const advice = suggestions.byInvestorType;
    rows.push({
      market: stock.market,
      proseIssues: proseIssues(report, data),
      symbol,
      price: data.price,
      valuation,
      investorTypes: advice.map((a) => a.investorType),
      actions: advice.map((a) => a.action),
      sizes: advice.map((a) => a.positionSizePercent),
      conservativeAction: advice.find((a) => a.investorType === 'conservative')?.action ?? 'hold',
      leverageUnverified:
        unverifiedLeverage(data, kindIsFinancial(valuation) || financialMetrics(data).financial, damodaranIndustry(data.industry)) !== null,
    });
  }
  const blended = (v: ValuationResult) => v.models.filter(inBlend).map((m) => m.id);
  const tailored = rows.filter((r) => new Set(r.actions).size >= 2 || new Set(r.sizes).size >= 2).length;
  const oddities = rows.flatMap((r) =>
    r.actions
      .map((action, i) => ({ action, size: r.sizes[i] as number, type: r.investorTypes[i] }))
      .filter(({ action, size }) =>
        action === 'avoid' ? size > 0 : size === 0 && (action === 'hold' || action === 'buy' || action === 'strong_buy'),
      )
      .map(({ action, size, type }) => `${r.symbol} ${type} ${action} ${size}`),
  );
  const figures: Omit<CoverageFigures, keyof ReturnType<typeof multiplesFigures> | keyof ReturnType<typeof proseFigures>> = {
    stocks: rows.length,
    recommendations: count(rows.map((r) => r.valuation.recommendation)),
    risk: count(rows.map((r) => r.valuation.riskLevel)),
    uncertainty: count(rows.map((r) => r.valuation.uncertainty ?? 'very_high')),
    kinds: count(rows.map((r) => r.valuation.companyKind ?? 'general')) as Record<string, number>,
    ratedOutsideBand: rows
      .filter((r) => r.valuation.recommendation !== 'unrated' && r.price !== null && r.valuation.fairValue !== null)
      .filter((r) => {
        const f = (r.valuation.fairValue as number) / (r.price as number);
        return f > 3 || f < 1 / 3;
      })
      .map((r) => r.symbol),
    banksWithoutBankModels: rows
      .filter((r) => r.valuation.companyKind === 'bank' || r.valuation.companyKind === 'insurer')
      .filter(
        (r) =>
          r.valuation.models.some((m) => m.id === 'dcf' || m.id === 'ev_sales') ||
          !r.valuation.models.some((m) => m.id === 'residual_income'),
      )
      .map((r) => r.symbol),
    lossMakersMisvalued: rows
      .filter((r) => r.valuation.companyKind === 'loss_maker')
      .filter((r) => {
        const ids = blended(r.valuation);
        const hasOwn = r.valuation.models.some((m) => (m.id === 'ev_sales' || m.id === 'reverse_dcf') && !m.skipped);
        return ids.some((id) => id === 'relative' || id === 'dividend_discount' || id === 'graham' || id === 'dcf') || !hasOwn;
      })
      .map((r) => r.symbol),
    distinctCostsOfEquity: new Set(rows.map((r) => r.valuation.discountRate?.costOfEquity)).size,
    tailored,
    tailoredShare: round(tailored / rows.length, 3),
    actionsDiffer: rows.filter((r) => new Set(r.actions).size >= 2).length,
    unverifiedLeverage: rows.filter((r) => r.leverageUnverified).length,
    strongCallsOnUnverifiedLeverage: rows
      .filter((r) => r.leverageUnverified && (r.valuation.recommendation === 'strong_buy' || r.valuation.recommendation === 'strong_sell'))
      .map((r) => r.symbol),
    actions: count(rows.flatMap((r) => r.actions)),
    stocksWithAvoid: rows.filter((r) => r.actions.includes('avoid')).length,
    actionsAtOddsWithSize: oddities,
    conservativeBuysOnRisk: rows
      .filter((r) => r.conservativeAction === 'buy' || r.conservativeAction === 'strong_buy')
      .filter(
        (r) =>
          r.valuation.riskLevel === 'high' ||
          r.valuation.riskLevel === 'unknown' ||
          r.valuation.uncertainty === 'very_high' ||
          r.valuation.uncertainty === 'high',
      )
      .map((r) => r.symbol),
  };
  return { rows, figures: { ...figures, ...multiplesFigures(rows), ...proseFigures(rows) } };
}

function proseFigures(rows: CoverageRow[]) {
  return {
    proseContradictions: rows.flatMap((r) => r.proseIssues.map((i) => `${r.symbol} ${i.rule}: ${i.sentence}`)),
    proseChecked: { HK: rows.filter((r) => r.market === 'HK').length, US: rows.filter((r) => r.market === 'US').length },
  };
}

const STRENGTH: Partial<Record<Rating, number>> = { strong_sell: -2, sell: -1, hold: 0, buy: 1, strong_buy: 2 };

/** The multiples rules of ADR 0067, counted over the rows. */
function multiplesFigures(rows: CoverageRow[]) {
  const rated = rows.filter((r) => r.valuation.recommendation !== 'unrated');
  const peerModels = rows.flatMap((r) => r.valuation.models.filter((m) => m.id === 'relative' || m.id === 'ev_sales'));
  const blendedComparisons = (r: CoverageRow) =>
    r.valuation.models.filter((m) => inBlend(m) && (m.id === 'relative' || m.id === 'ev_sales')).flatMap((m) => m.peers ?? []);
  const counts = rows.flatMap(blendedComparisons).map((c) => c.peers.length);
  const sorted = [...counts].sort((a, b) => a - b);
  const hkWithoutPeers = rows
    .filter((r) => r.market === 'HK')
    .flatMap((r) =>
      r.valuation.models
        .filter((m) => m.id === 'relative' || m.id === 'ev_sales')
        .filter((m) => !(m.peers ?? []).some((c) => c.peers.filter((p) => p.symbol.endsWith('.HK')).length >= 3))
        .map((model) => ({ symbol: r.symbol, model })),
    );
  return {
    peerModels: {
      blend: peerModels.filter(inBlend).length,
      check: peerModels.filter((m) => !m.skipped && m.role === 'check').length,
      skipped: peerModels.filter((m) => m.skipped).length,
    },
    hkPeerModelsWithoutThreePeers: hkWithoutPeers.map(({ symbol, model }) => `${symbol} ${model.id}`),
    hkPeerModelsUnexplained: hkWithoutPeers
      .filter(({ model }) => ![model.reason ?? '', ...Object.values(model.inputs)].some((t) => typeof t === 'string' && /同業少於/.test(t)))
      .map(({ symbol, model }) => `${symbol} ${model.id}`),
    medianPeersPerMultiple: sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] as number) : null,
    ratedOnFewPeers: rated.flatMap((r) =>
      blendedComparisons(r)
        .filter((c) => c.peers.length < MIN_PEERS)
        .map((c) => `${r.symbol} ${c.multiple} ${c.peers.length}`),
    ),
    outliersInBlend: rated.flatMap((r) =>
      blendedComparisons(r).flatMap((c) =>
        c.peers
          .filter((p) => p.value <= 0 || p.value > MULTIPLE_CAP[c.multiple])
          .map((p) => `${r.symbol} ${c.multiple} ${p.symbol} ${p.value}`),
      ),
    ),
    revenueOnlyBuysUnsupported: rated
      .filter((r) => r.valuation.recommendation === 'buy' || r.valuation.recommendation === 'strong_buy')
      .filter((r) => {
        const blended = r.valuation.models.filter(inBlend);
        return blended.length === 1 && blended[0]?.id === 'ev_sales';
      })
      .filter((r) => reverseDcfSupports(r.valuation.models.find((m) => m.id === 'reverse_dcf')) !== 'buy')
      .map((r) => r.symbol),
    callsBeyondAModel: rated
      .filter((r) => r.price !== null && modelDispersion(r.valuation.models) > 2)
      .filter((r) => {
        const call = STRENGTH[r.valuation.recommendation] ?? 0;
        const own = r.valuation.models
          .filter(inBlend)
          .map((m) => (((m.value as number) / (r.price as number) - 1) * 100) as number)
          .map((upside) => STRENGTH[ownCall(upside, r.valuation)] ?? 0);
        return call > 0 ? own.some((o) => o < call) : call < 0 ? own.some((o) => o > call) : false;
      })
      .map((r) => r.symbol),
  };
}

/** A model's own call at the report's thresholds (a loss-maker's or unverified leverage's never strong). */
function ownCall(upside: number, v: ValuationResult): Rating {
  const strongBarred = v.companyKind === 'loss_maker' || (v.recommendationNote ?? '').includes('不作「強烈」評級');
  return recommendationFor(upside, v.uncertainty ?? 'very_high', strongBarred);
}
