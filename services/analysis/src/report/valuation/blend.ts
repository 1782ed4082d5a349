import type { MarketData, SectorMedians } from '../../market-data/types';
import type { Recommendation, RiskLevel, ValuationModel } from '../types';
import type { FinancialMetrics } from '../metrics';
import { clamp, roundPrice } from '../format';

/** Models that produced a value, with their weights rescaled to sum to 1 (skipped ones keep 0). */
export function normaliseWeights(models: ValuationModel[]): ValuationModel[] {
  const total = models.reduce((sum, m) => sum + (m.skipped ? 0 : m.weight), 0);
  return models.map((m) => ({ ...m, weight: m.skipped || total === 0 ? 0 : Number((m.weight / total).toFixed(4)) }));
}

/** The weighted mean of the models' values, or null when every model was skipped. */
export function blendedValue(models: ValuationModel[]): number | null {
  const used = models.filter((m) => !m.skipped && m.value !== null);
  if (used.length === 0) return null;
  const weights = used.reduce((sum, m) => sum + m.weight, 0);
  return roundPrice(used.reduce((sum, m) => sum + (m.value as number) * m.weight, 0) / weights);
}

/** The inputs whose presence makes a valuation complete; the share present is the completeness. */
export function dataCompleteness(data: MarketData, medians: SectorMedians | null): number {
  const fields = [
    data.price,
    data.eps,
    data.bookValuePerShare,
    data.freeCashFlow,
    data.sharesOutstanding,
    data.beta,
    data.ebitda,
    data.totalDebt,
    data.cash,
    data.revenue,
    data.netIncome,
    medians,
  ];
  return fields.filter((f) => f !== null).length / fields.length;
}

/**
 * How far the models agree: 1 − the weighted coefficient of variation of their values
 * (weighted standard deviation ÷ the blended value), bounded to 0–1. One model alone is
 * confirmed by nothing and scores 0, so its confidence stays at or below 40 %.
 */
export function modelAgreement(models: ValuationModel[]): number {
  const used = models.filter((m) => !m.skipped && m.value !== null);
  if (used.length < 2) return 0;
  const weights = used.reduce((sum, m) => sum + m.weight, 0);
  const mean = used.reduce((sum, m) => sum + (m.value as number) * m.weight, 0) / weights;
  const variance = used.reduce((sum, m) => sum + m.weight * ((m.value as number) - mean) ** 2, 0) / weights;
  return mean > 0 ? clamp(1 - Math.sqrt(variance) / mean, 0, 1) : 0;
}

/** Confidence % = 60 % × agreement + 40 % × completeness, bounded to 5–95 (0 without any model): no model is ever certain. */
export function confidencePercent(agreement: number, completeness: number, anyModel: boolean): number {
  if (!anyModel) return 0;
  return Math.round(clamp(100 * (0.6 * agreement + 0.4 * completeness), 5, 95));
}

/**
 * Recommendation from the upside: ≥ 25 % strong buy, ≥ 10 % buy, above −10 % hold, above
 * −25 % sell, else strong sell. Below 40 % confidence a "strong" call is softened one step:
 * the models disagree too much to be emphatic. No fair value → hold.
 */
export function recommendationFor(upside: number | null, confidence: number): Recommendation {
  if (upside === null) return 'hold';
  const sure = confidence >= 40;
  if (upside >= 25) return sure ? 'strong_buy' : 'buy';
  if (upside >= 10) return 'buy';
  if (upside > -10) return 'hold';
  if (upside > -25) return 'sell';
  return sure ? 'strong_sell' : 'sell';
}

/** A model more than this many times above or below the price is taken as a sign of inconsistent data. */
export const OUTLIER_FACTOR = 10;

/**
 * Sets aside a model whose value is more than 10 times above or below the price: no
 * valuation model is that far off on consistent figures, so the inputs (units, currency,
 * share count) must disagree, and blending such a value would dominate the fair value.
 * Without a price there is nothing to check against: the models pass unchanged, and the
 * valuation caps its confidence and makes no call (see valuationModels).
 */
export function setAsideOutliers(models: ValuationModel[], price: number | null): ValuationModel[] {
  if (price === null || price <= 0) return models;
  return models.map((m) => {
    if (m.skipped || m.value === null) return m;
    const ratio = m.value / price;
    if (ratio <= OUTLIER_FACTOR && ratio >= 1 / OUTLIER_FACTOR) return m;
    return {
      ...m,
      skipped: true,
      weight: 0,
      reason: `估值 ${m.value} 與股價 ${price} 相差超過 ${OUTLIER_FACTOR} 倍，相關數據可能不一致，不予採用`,
      inputs: { ...m.inputs, outlierValue: m.value },
      value: null,
    };
  });
}

export interface RiskAssessment {
  level: RiskLevel;
  points: number;
  /** Why, in Traditional Chinese, one line per risk found. */
  factors: string[];
}

/**
 * Risk points: beta above 1.3 (1) or 1.8 (2); debt/equity above 1 (1) or 2 (2) unless cash
 * covers the debt, or negative equity (2); losses (2); speculative — price below 1 with losses, or a market cap under
 * US$300 million (1). 0 points low, 1–2 medium, 3 or more high.
 */
export function riskLevelFor(data: MarketData, metrics: FinancialMetrics): RiskAssessment {
  const factors: string[] = [];
  let points = 0;
  const add = (n: number, why: string) => {
    points += n;
    factors.push(why);
  };
  if (data.beta !== null && data.beta > 1.8) add(2, `β 值 ${data.beta} 偏高，股價波動遠大於大市`);
  else if (data.beta !== null && data.beta > 1.3) add(1, `β 值 ${data.beta} 高於 1.3，股價波動較大市大`);
  const netCash = metrics.netDebt !== null && metrics.netDebt <= 0;
  if (metrics.equity !== null && metrics.equity <= 0) add(2, '股東權益為負數');
  else if (netCash) {
    // Cash covers every debt: however small the equity, the debt is no risk.
  } else if (metrics.debtToEquity !== null && metrics.debtToEquity > 2)
    add(2, `債務對股東權益比率 ${metrics.debtToEquity.toFixed(2)} 倍，槓桿偏高`);
  else if (metrics.debtToEquity !== null && metrics.debtToEquity > 1)
    add(1, `債務對股東權益比率 ${metrics.debtToEquity.toFixed(2)} 倍，槓桿較高`);
  const losing = (data.netIncome !== null && data.netIncome < 0) || (data.eps !== null && data.eps < 0);
  if (losing) add(2, '公司正錄得虧損');
  if (losing && data.price !== null && data.price < 1) add(1, '低價股兼虧損，投機性高');
  else if (metrics.marketCapUsd !== null && metrics.marketCapUsd < 300e6) add(1, '市值細小（少於 3 億美元），流動性及波動風險較高');
  return { level: points >= 3 ? 'high' : points >= 1 ? 'medium' : 'low', points, factors };
}
