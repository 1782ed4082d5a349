import type { MarketData } from '../../market-data/types';
import type { ReportInput, ValuationModel, ValuationResult } from '../types';
import { priceTiming } from '../as-of';
import { financialMetrics, type FinancialMetrics } from '../metrics';
import { roundPrice, round } from '../format';
import type { DiscountRate, GrowthCap } from './assumptions';
import {
  blendedRange,
  callPrices,
  confidencePercent,
  dataCompleteness,
  inBlend,
  modelDispersion,
  normaliseWeights,
  recommendationFor,
  uncertaintyOf,
  unratedReason,
} from './blend';
import { costOfCapital, equityRate, firmRate } from './cost-of-capital';
import { dcfModel } from './dcf';
import { dividendModel } from './dividend';
import { evSalesModel, grahamScreen, relativeModel } from './multiples';
import { residualIncomeModel } from './residual-income';
import { reverseDcfModel } from './reverse-dcf';
import { boundByModels, boundRevenueOnly } from './call-limits';
import { revenueGrowthOf } from './cash-flow-history';
import { unverifiedLeverage } from './leverage';
import { industryFigures } from './reference';
import { assessRisk } from './risk';

const SHORT_NAMES: Record<ValuationModel['id'], string> = {
  dcf: 'DCF',
  relative: '同業倍數',
  dividend_discount: '股息折現',
  graham: '格雷厄姆數',
  residual_income: '剩餘收益',
  ev_sales: '銷售額倍數',
  reverse_dcf: '反向 DCF',
};

/** The US industry's expected growth (Damodaran's table of analysts' estimates), the cap on a US company's first-year growth. */
function industryGrowth(data: MarketData, industry: string | null): GrowthCap | null {
  const figures = data.market === 'US' ? industryFigures('US', industry) : null;
  if (figures?.expectedGrowth === null || figures?.expectedGrowth === undefined) return null;
  return {
    rate: Math.max(figures.expectedGrowth, 0),
    source: `${figures.industry} 未來五年預期盈利增長 ${round(figures.expectedGrowth * 100, 1)}%（Aswath Damodaran, Price and Value to Earnings by Sector, US, 2025 年 1 月）`,
  };
}

/**
 * The growth a loss-maker's implied growth is weighed against: its own revenue growth over the
 * fiscal years the provider gave. Not its industry's: a loss-maker's peers are profitable, and
 * that they grow says nothing of whether it will (ADR 0067).
 */
function revenueReference(data: MarketData): GrowthCap | null {
  const own = data.fiscalYears ? revenueGrowthOf(data.fiscalYears).growth : null;
  return own ? { rate: own.rate, source: own.source } : null;
}

/** The buy and sell prices of a rated report (the same function the watchlist's alerts use); none for an unrated one. */
const withCallPrices = (prices: ReturnType<typeof callPrices>) => (prices ? { callPrices: prices } : {});

/** The default of PRICE_STALE_DAYS: a price older than this gives no call. */
export const DEFAULT_PRICE_STALE_DAYS = 180;

export type CompanyKind = NonNullable<ValuationResult['companyKind']>;

/**
 * Which models fit the company (ADR 0017): banks and insurers by their industry; loss-makers
 * by a loss (EPS or net income) or, outside finance, a negative free cash flow; every other
 * company is valued as an operating business.
 */
export function companyKind(data: MarketData, metrics: FinancialMetrics): CompanyKind {
  const industry = data.industry ?? '';
  if (/\bbanks?\b/i.test(industry)) return 'bank';
  if (/insurance|reinsurance/i.test(industry) && !/broker/i.test(industry)) return 'insurer';
  const losing = (data.eps !== null && data.eps <= 0) || (data.netIncome !== null && data.netIncome < 0);
  if (losing || (!metrics.financial && data.freeCashFlow !== null && data.freeCashFlow < 0)) return 'loss_maker';
  return 'general';
}

/** The cost of capital one point up (low value) or down (high value), never closer than 2 points to the growth it discounts. */
function shifted(rate: DiscountRate, delta: number): DiscountRate {
  return { ...rate, rate: Math.max(rate.rate + delta, 0.055) };
}

/** A model's range from re-running it at the discount rate ± 1 point. */
function withRateRange(model: ValuationModel, rerun: (delta: number) => ValuationModel): ValuationModel {
  if (model.skipped || model.value === null) return { ...model, range: null };
  const low = rerun(0.01).value ?? model.value;
  const high = rerun(-0.01).value ?? model.value;
  return { ...model, range: { low: Math.min(low, model.value), base: model.value, high: Math.max(high, model.value) } };
}

export interface ValuationOptions {
  /** When the analysis runs (default: now): the price's age is counted to it. */
  now?: Date;
  /** PRICE_STALE_DAYS: an older price gives no call. */
  priceStaleDays?: number;
}

/**
 * Stage 40: the models that fit the kind of company, their ranges and blend, the uncertainty,
 * the call and the risk. Pure and synchronous: the same figures and date give the same result.
 *
 * - fairValue: the weighted mean of the blended models (screens and checks shown beside);
 *   `range` the weighted means of their lows and highs.
 * - targetPrice: price + (fairValue − price) × confidence %: the gap assumed to close in
 *   proportion to the confidence over 12 months.
 * - recommendation: from the upside against thresholds that widen with the uncertainty; or
 *   `unrated` with the reason (no or stale price, no model, fair value outside 1/3×–3× the
 *   price, models more than 3× apart); models more than 2× apart bound it by each model's own
 *   call, and a loss-maker on revenue multiples alone is at most a hold without the reverse
 *   DCF's support (ADR 0067).
 */
export function valuationModels(input: ReportInput, options: ValuationOptions = {}): ValuationResult {
  const { data, medians } = input;
  const now = options.now ?? new Date();
  const staleDays = options.priceStaleDays ?? DEFAULT_PRICE_STALE_DAYS;
  const metrics = financialMetrics(data);
  const kind = companyKind(data, metrics);
  const financial = kind === 'bank' || kind === 'insurer';
  const cost = costOfCapital(data, financial || metrics.financial);
  const equity = equityRate(cost);
  const firm = firmRate(cost);
  const price = data.price !== null && data.price > 0 ? data.price : null;

  const ddm = (delta = 0) => dividendModel(data, metrics.sustainableGrowth, shifted(equity, delta));
  const candidates: ValuationModel[] = [];
  if (kind === 'bank' || kind === 'insurer') {
    candidates.push(
      residualIncomeModel(data, metrics, equity),
      relativeModel(data, medians, true),
      withRateRange(ddm(), ddm),
      grahamScreen(data),
    );
  } else if (kind === 'loss_maker') {
    candidates.push(evSalesModel(data, medians), reverseDcfModel(data, equity, cost.industry, revenueReference(data)), grahamScreen(data));
  } else {
    const dcf = (delta = 0) =>
      dcfModel(data, metrics, { equity: shifted(equity, delta), firm: shifted(firm, delta) }, industryGrowth(data, cost.industry));
    candidates.push(withRateRange(dcf(), dcf), relativeModel(data, medians, false), withRateRange(ddm(), ddm), grahamScreen(data));
  }
  const models = normaliseWeights(candidates.map((m) => ({ role: 'blend' as const, ...m })));

  const range = blendedRange(models);
  const fairValue = range?.base ?? null;
  const timing = priceTiming(data.asOf, now);
  const completeness = dataCompleteness(data, medians);
  const reverse = models.find((m) => m.id === 'reverse_dcf');
  const leverage = unverifiedLeverage(data, financial || metrics.financial, cost.industry);
  const uncertainty = uncertaintyOf({
    unverifiedLeverage: leverage?.text ?? null,
    range,
    models,
    completeness,
    priceAgeDays: timing.ageDays,
    lossMaker: kind === 'loss_maker',
    extremeImpliedGrowth: typeof reverse?.inputs.extreme === 'string',
  });
  const used = models.filter(inBlend);
  const confidence = confidencePercent(uncertainty.level, completeness, used.length > 0);
  const upside = fairValue !== null && price !== null ? round((fairValue / price - 1) * 100, 1) : null;
  const targetPrice = fairValue === null || price === null ? null : roundPrice(price + ((fairValue - price) * confidence) / 100);
  const unrated = unratedReason({
    price,
    asOf: data.asOf,
    ageDays: timing.ageDays,
    staleDays,
    fairValue,
    dispersion: modelDispersion(models),
  });
  const risk = assessRisk(data, metrics, uncertainty.level, leverage);
  const losing = (data.eps !== null && data.eps <= 0) || (data.netIncome !== null && data.netIncome < 0);
  const capped =
    unrated !== null
      ? null
      : kind === 'loss_maker'
        ? `${losing ? '公司虧損' : '自由現金流為負'}，估值不確定性高，評級最多為「買入」或「賣出」，不作「強烈」評級`
        : leverage
          ? `${leverage.text}，評級最多為「買入」或「賣出」，不作「強烈」評級`
          : null;
  const strongBarred = kind === 'loss_maker' || leverage !== null;

  const call =
    unrated !== null || upside === null || price === null ? 'unrated' : recommendationFor(upside, uncertainty.level, strongBarred);
  const byModels =
    price === null ? { recommendation: call, note: null } : boundByModels(call, models, price, uncertainty.level, strongBarred);
  const limited = boundRevenueOnly(byModels.recommendation, models);
  const note = unrated ?? ([capped, byModels.note, limited.note].filter((n) => n !== null).join('；') || null);

  return {
    fairValue,
    targetPrice,
    upside,
    recommendation: limited.recommendation,
    ...(note !== null ? { recommendationNote: note } : {}),
    ...withCallPrices(callPrices({ fairValue, recommendation: limited.recommendation, uncertainty: uncertainty.level })),
    confidence,
    method: used.length > 0 ? used.map((m) => SHORT_NAMES[m.id]).join('、') : '沒有適用的估值模型',
    riskLevel: risk.level,
    riskFactors: risk.factors.map((f) => `${f.label}：${f.text}`),
    riskAssessment: risk.factors,
    range,
    uncertainty: uncertainty.level,
    companyKind: kind,
    discountRate: {
      costOfEquity: cost.costOfEquity,
      wacc: cost.wacc,
      riskFree: cost.riskFree,
      riskFreeSource: cost.riskFreeSource,
      equityRiskPremium: cost.equityRiskPremium,
      countryRiskPremium: cost.countryRiskPremium,
      premiumSource: cost.premiumSource,
      beta: cost.beta,
      betaSource: cost.betaSource,
    },
    currency: data.currency,
    models,
  };
}

export { NO_PRICE_NOTE, uncertaintyOf } from './blend';
export { TERMINAL_GROWTH, EXPLICIT_YEARS } from './assumptions';
