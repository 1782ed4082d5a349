import type { MarketData } from '../../market-data/types';
import type { DiscountRateBreakdown } from '../types';
import { clamp, round } from '../format';
import { TERMINAL_GROWTH, type DiscountRate } from './assumptions';
import { damodaranIndustry } from './industry-map';
import { countryRisk, industryFigures, priceStats } from './reference';

/**
 * Risk-free rate of the trading currency: the long-term US Treasury yield of Damodaran's
 * January 2025 US cost-of-capital table (4.58 %), the same edition as the equity premium, so
 * the two are measured at one date. The Hong Kong dollar is pegged to the US dollar (a
 * currency board since 1983), so HKD long yields track US ones: the same rate, said so.
 */
const RISK_FREE: Record<string, { rate: number; source: string }> = {
  USD: { rate: 0.0458, source: '美國長期國債孳息率 4.58%（Aswath Damodaran, Cost of Capital by Industry, US, 2025 年 1 月）' },
  HKD: {
    rate: 0.0458,
    source: '港元與美元掛鈎（聯繫匯率），採用美國長期國債孳息率 4.58%（Aswath Damodaran, Cost of Capital by Industry, US, 2025 年 1 月）',
  },
};
/** Mature-market equity risk premium: Damodaran's US implied premium of January 2025 (4.33 %), the newest US figure bundled. */
const MATURE_PREMIUM = 0.0433;
const PREMIUM_SOURCE =
  '成熟市場股權風險溢價 4.33%（Aswath Damodaran, Cost of Capital by Industry, US, 2025 年 1 月）；國家風險溢價（Aswath Damodaran, Country Default Spreads and Risk Premiums, 2022 年 1 月，為可得的最新版本）';
/** A regression beta with a standard error above this says little: the industry beta replaces it. */
const MAX_BETA_SE = 0.35;
/** Betas and costs of equity outside these bounds are estimation noise, not the company's risk. */
const BETA_BOUNDS = [0.4, 2.2] as const;
const COST_OF_EQUITY_BOUNDS = [0.05, 0.18] as const;
const COUNTRY_TEXT = { US: '美國', HK: '香港', CN: '中國內地' } as const;

/** Marginal tax rates by where profits are taxed: US federal + state ≈ 25 %, Hong Kong 16.5 %, mainland China 25 %. */
const TAX_RATE = { US: 0.25, HK: 0.165, CN: 0.25 } as const;

export interface CostOfCapital extends DiscountRateBreakdown {
  /** Where the business earns, for the country premium and the tax rate. */
  country: 'US' | 'HK' | 'CN';
  taxRate: number;
  /** Pre-tax cost of debt and the debt weight D/(D+E) used in the WACC; null without a WACC. */
  costOfDebt: number | null;
  debtWeight: number | null;
  /** The Damodaran industry the fallbacks came from, or null. */
  industry: string | null;
}

/**
 * Where the business earns: a US listing in the US; a Hong Kong listing that reports in
 * renminbi earns mainly in mainland China, else in Hong Kong. A proxy (no segment data is
 * bundled), named in `explain`.
 */
function earningCountry(data: MarketData): CostOfCapital['country'] {
  if (data.market === 'US') return 'US';
  return data.reportingCurrency === 'CNY' ? 'CN' : 'HK';
}

/**
 * The beta: a regression on the provider's price history (Yahoo) or else the bundled one when it is precise enough, else the
 * provider's quoted beta, else the Damodaran industry beta — each Blume-adjusted
 * (0.67 β + 0.33: betas drift towards 1 over time) and bounded to 0.4–2.2. Null only when none
 * is known: the report then uses the market's 1.0 and says the risk is not known.
 */
function betaOf(data: MarketData, industry: string | null): { beta: number; source: string; known: boolean } {
  // The provider's own price history (Yahoo, live) before the bundled one.
  const stats = data.priceHistory?.stats ?? priceStats(data.symbol);
  if (stats && stats.betaSe <= MAX_BETA_SE) {
    return {
      beta: clamp(stats.betaBlume, ...BETA_BOUNDS),
      source:
        `以 ${stats.from} 至 ${stats.to} ${stats.interval === 'weekly' ? '每週' : '每日'}回報對${stats.market}回歸` +
        `（${stats.observations} ${stats.interval === 'weekly' ? '週' : '個交易日'}，原始 β ${stats.betaRaw}，標準誤 ${stats.betaSe}），經 Blume 調整（0.67β + 0.33）`,
      known: true,
    };
  }
  // Why no regression: said before whichever β stands in.
  const why = stats
    ? `以 ${stats.from} 至 ${stats.to} 回歸的 β 標準誤 ${stats.betaSe} 高於 ${MAX_BETA_SE}，不採用；`
    : data.priceHistory === null
      ? 'Yahoo Finance 的股價歷史未能取得，未能回歸 β；'
      : data.priceHistory
        ? '與大市指數重疊的交易日不足或指數數據未能取得，未能回歸 β；'
        : '';
  if (data.beta !== null && data.beta > 0) {
    return {
      beta: clamp(round(0.67 * data.beta + 0.33, 4), ...BETA_BOUNDS),
      source: `${why}市場數據提供的 β ${data.beta}，經 Blume 調整（0.67β + 0.33）`,
      known: true,
    };
  }
  const region = data.market === 'US' ? 'US' : 'EM';
  const figures = industryFigures(region, industry);
  if (figures) {
    return {
      beta: clamp(round(0.67 * figures.beta + 0.33, 4), ...BETA_BOUNDS),
      source: `${why}行業 β：${figures.industry}（${region === 'US' ? '美國' : '新興市場'}，${figures.firms} 家公司）${round(figures.beta, 2)}，經 Blume 調整（Aswath Damodaran, Betas by Sector, 2026 年 1 月）`,
      known: true,
    };
  }
  return { beta: 1, source: `${why}沒有股價歷史、β 或行業資料，採用大市 β 1.0`, known: false };
}

/**
 * The cost of equity by CAPM with a country premium, r = Rf + β × (mature premium + country
 * premium), bounded to 5–18 %; and, for companies whose debt matters to their free cash flow
 * (not banks and insurers), the WACC = E/(D+E) × r + D/(D+E) × Kd × (1 − t), with the debt
 * weight from the company's debt and market cap when known, else its industry's, and the
 * industry's pre-tax cost of debt.
 */
export function costOfCapital(data: MarketData, financial: boolean): CostOfCapital & { betaKnown: boolean } {
  const country = earningCountry(data);
  const risk = countryRisk(country);
  const riskFree = RISK_FREE[data.currency] ?? RISK_FREE.USD!;
  const industry = damodaranIndustry(data.industry);
  const beta = betaOf(data, industry);
  const countryPremium = risk?.countryRiskPremium ?? 0;
  const costOfEquity = clamp(
    riskFree.rate + beta.beta * (MATURE_PREMIUM + countryPremium),
    Math.max(COST_OF_EQUITY_BOUNDS[0], TERMINAL_GROWTH + 0.03),
    COST_OF_EQUITY_BOUNDS[1],
  );
  const taxRate = TAX_RATE[country];
  const figures = industryFigures(data.market === 'US' ? 'US' : 'EM', industry);
  let wacc: number | null = null;
  let costOfDebt: number | null = null;
  let debtWeight: number | null = null;
  if (!financial) {
    costOfDebt = figures?.costOfDebt ?? riskFree.rate + 0.015;
    debtWeight =
      data.totalDebt !== null && data.marketCap !== null && data.marketCap > 0
        ? data.totalDebt / (data.totalDebt + data.marketCap)
        : (figures?.debtWeight ?? null);
    if (debtWeight !== null) {
      wacc = Math.max((1 - debtWeight) * costOfEquity + debtWeight * costOfDebt * (1 - taxRate), TERMINAL_GROWTH + 0.03);
    }
  }
  return {
    costOfEquity: round(costOfEquity, 4),
    wacc: wacc === null ? null : round(wacc, 4),
    riskFree: riskFree.rate,
    riskFreeSource: riskFree.source,
    equityRiskPremium: MATURE_PREMIUM,
    countryRiskPremium: round(countryPremium, 4),
    premiumSource: `${PREMIUM_SOURCE}；業務所在地：${COUNTRY_TEXT[country]}${country === 'CN' ? '（以人民幣報告業績）' : ''}`,
    beta: beta.beta,
    betaSource: beta.source,
    betaKnown: beta.known,
    country,
    taxRate,
    costOfDebt: costOfDebt === null ? null : round(costOfDebt, 4),
    debtWeight: debtWeight === null ? null : round(debtWeight, 4),
    industry,
  };
}

/** The cost of equity as the models take a discount rate. */
export function equityRate(cost: CostOfCapital): DiscountRate {
  return {
    rate: cost.costOfEquity,
    riskFree: cost.riskFree,
    equityPremium: round(cost.equityRiskPremium + cost.countryRiskPremium, 4),
    beta: cost.beta,
    betaSource: cost.betaSource,
  };
}

/** The WACC as the free-cash-flow DCF takes it; the cost of equity when no WACC could be formed. */
export function firmRate(cost: CostOfCapital): DiscountRate {
  return { ...equityRate(cost), rate: cost.wacc ?? cost.costOfEquity };
}
