import type { MarketData, SectorMedians } from '../../market-data/types';
import type { Rating, Uncertainty, ValuationModel, ValueRange } from '../types';
import { clamp, round, roundPrice } from '../format';

/** Whether a model's value weighs in the fair value (screens and checks never do). */
export function inBlend(m: ValuationModel): boolean {
  return !m.skipped && m.value !== null && (m.role ?? 'blend') === 'blend';
}

/** Models that produced a value, with their weights rescaled to sum to 1 (skipped ones, screens and checks keep 0). */
export function normaliseWeights(models: ValuationModel[]): ValuationModel[] {
  const total = models.reduce((sum, m) => sum + (inBlend(m) ? m.weight : 0), 0);
  return models.map((m) => ({ ...m, weight: !inBlend(m) || total === 0 ? 0 : Number((m.weight / total).toFixed(4)) }));
}

/** The blend's low / base / high: the weighted means of the models' lows, values and highs; null without a model. */
export function blendedRange(models: ValuationModel[]): ValueRange | null {
  const used = models.filter(inBlend);
  if (used.length === 0) return null;
  const weights = used.reduce((sum, m) => sum + m.weight, 0);
  const mean = (pick: (m: ValuationModel) => number) => roundPrice(used.reduce((sum, m) => sum + pick(m) * m.weight, 0) / weights);
  return {
    low: mean((m) => m.range?.low ?? (m.value as number)),
    base: mean((m) => m.value as number),
    high: mean((m) => m.range?.high ?? (m.value as number)),
  };
}

/** The inputs whose presence makes a valuation complete; the share present is the completeness. */
export function dataCompleteness(data: MarketData, medians: SectorMedians | null): number {
  const fields = [
    data.price,
    data.eps,
    data.bookValuePerShare,
    data.freeCashFlow,
    data.sharesOutstanding,
    data.ebitda,
    data.totalDebt,
    data.cash,
    data.revenue,
    data.netIncome,
    medians,
  ];
  return fields.filter((f) => f !== null).length / fields.length;
}

/** How far apart the blended models are: the highest value ÷ the lowest (1 with one model). */
export function modelDispersion(models: ValuationModel[]): number {
  const values = models.filter(inBlend).map((m) => m.value as number);
  if (values.length < 2) return 1;
  const low = Math.min(...values);
  return low > 0 ? Math.max(...values) / low : Number.POSITIVE_INFINITY;
}

/** Models that disagree by more than this factor (highest ÷ lowest) give no call: one of them must be wrong. */
export const MAX_DISPERSION = 3;
/** A fair value outside 1/3×–3× the price is more likely wrong data or a wrong model than a real mispricing: no call. */
export const MAX_PRICE_FACTOR = 3;
/** A price older than this many days makes the figures too old for a data-quality step up in uncertainty. */
const OLD_DATA_DAYS = 90;

const LEVELS: Uncertainty[] = ['low', 'medium', 'high', 'very_high'];

export interface UncertaintyInputs {
  range: ValueRange | null;
  models: ValuationModel[];
  completeness: number;
  priceAgeDays: number | null;
  lossMaker: boolean;
  /** The reverse DCF found growth only a few companies achieve. */
  extremeImpliedGrowth: boolean;
  /** Why the company's leverage matters but cannot be checked (debt unknown in a heavily borrowing industry), or null. */
  unverifiedLeverage?: string | null;
}

/**
 * The uncertainty rating, as Morningstar's fair value uncertainty: first from the width of the
 * blend's range, (high − low) ÷ base — under 40 % low, under 70 % medium, under 110 % high,
 * else very high — then one step up for each of: only one model in the blend, models more than
 * 2× apart, less than 60 % of the inputs known, figures older than 90 days, a price implying
 * extreme growth, debt unknown in a heavily borrowing industry. A loss-maker is at least high.
 */
export function uncertaintyOf(inputs: UncertaintyInputs): { level: Uncertainty; reasons: string[] } {
  if (inputs.range === null || inputs.range.base <= 0) return { level: 'very_high', reasons: ['沒有任何估值模型適用'] };
  const width = (inputs.range.high - inputs.range.low) / inputs.range.base;
  let step = width < 0.4 ? 0 : width < 0.7 ? 1 : width < 1.1 ? 2 : 3;
  const reasons = [`合理價值區間闊度為基準值的 ${round(width * 100, 0)}%`];
  const used = inputs.models.filter(inBlend).length;
  if (used === 1) {
    step++;
    reasons.push('只有一個估值模型適用，沒有其他模型印證');
  }
  const dispersion = modelDispersion(inputs.models);
  if (dispersion > 2) {
    step++;
    reasons.push(`各模型估值相差 ${round(dispersion, 1)} 倍`);
  }
  if (inputs.completeness < 0.6) {
    step++;
    reasons.push(`估值所需數據只有 ${round(inputs.completeness * 100, 0)}% 齊全`);
  }
  if (inputs.priceAgeDays === null || inputs.priceAgeDays > OLD_DATA_DAYS) {
    step++;
    reasons.push(inputs.priceAgeDays === null ? '數據日期不詳' : `數據已有 ${inputs.priceAgeDays} 天`);
  }
  if (inputs.extremeImpliedGrowth) {
    step++;
    reasons.push('股價隱含極高的增長');
  }
  if (inputs.unverifiedLeverage) {
    step++;
    reasons.push(inputs.unverifiedLeverage);
  }
  if (inputs.lossMaker) {
    step = Math.max(step, 2);
    reasons.push('公司虧損或自由現金流為負，估值取決於未來能否轉虧為盈');
  }
  return { level: LEVELS[Math.min(step, 3)] as Uncertainty, reasons };
}

/** Confidence % follows the uncertainty (low 80, medium 65, high 45, very high 25), less up to 15 points for missing inputs. */
export function confidencePercent(uncertainty: Uncertainty, completeness: number, anyModel: boolean): number {
  if (!anyModel) return 0;
  const base = { low: 80, medium: 65, high: 45, very_high: 25 }[uncertainty];
  return Math.round(clamp(base - (1 - completeness) * 15, 5, 95));
}

/**
 * The margin of safety a call needs grows with the uncertainty (Morningstar's star bands work
 * the same way): upside at least the buy threshold is a buy, at least the strong threshold a
 * strong buy; the same downside a sell or strong sell. Very high uncertainty never gives a
 * strong call, nor does a loss-maker's valuation or one whose leverage cannot be checked.
 */
export const CALL_THRESHOLDS: Record<Uncertainty, { buy: number; strong: number | null }> = {
  low: { buy: 10, strong: 25 },
  medium: { buy: 15, strong: 35 },
  high: { buy: 25, strong: 50 },
  very_high: { buy: 35, strong: null },
};

/**
 * The prices at which a rated report's call would change: below `buyBelow` the upside reaches
 * the buy threshold of its uncertainty, above `sellAbove` the downside reaches it. Null for an
 * unrated report or one without a fair value: no price changes a call that was never made.
 */
export function callPrices(valuation: {
  fairValue: number | null;
  recommendation: Rating;
  uncertainty?: Uncertainty;
}): { buyBelow: number; sellAbove: number } | null {
  if (valuation.recommendation === 'unrated' || valuation.fairValue === null) return null;
  const { buy } = CALL_THRESHOLDS[valuation.uncertainty ?? 'very_high'];
  return { buyBelow: roundPrice(valuation.fairValue / (1 + buy / 100)), sellAbove: roundPrice(valuation.fairValue / (1 - buy / 100)) };
}

/** `strongBarred`: a loss-maker's valuation, or one whose leverage cannot be checked, never gives a "strong" call. */
export function recommendationFor(upside: number, uncertainty: Uncertainty, strongBarred: boolean): Rating {
  const { buy, strong } = CALL_THRESHOLDS[uncertainty];
  const strongAllowed = strong !== null && !strongBarred;
  if (upside >= buy) return strongAllowed && upside >= (strong as number) ? 'strong_buy' : 'buy';
  if (upside <= -buy) return strongAllowed && upside <= -(strong as number) ? 'strong_sell' : 'sell';
  return 'hold';
}

/** Said instead of a call when there is no price to compare the fair value with. */
export const NO_PRICE_NOTE = '沒有可靠的股價，無法計算上升空間及目標價，不予評級';

/**
 * Why no call can be made, or null when one can: no price; a price older than `staleDays`;
 * no model; a fair value outside 1/3×–3× the price; models more than 3× apart.
 */
export function unratedReason(p: {
  price: number | null;
  asOf: string | null;
  ageDays: number | null;
  staleDays: number;
  fairValue: number | null;
  dispersion: number;
}): string | null {
  if (p.price === null) return NO_PRICE_NOTE;
  if (p.ageDays === null) return '股價日期不詳，無法確定估值是否仍然適用，不予評級';
  if (p.ageDays > p.staleDays)
    return `股價日期為 ${p.asOf}，已有 ${p.ageDays} 天（超過 ${p.staleDays} 天），估值未能反映現時股價，不予評級`;
  if (p.fairValue === null) return '現有數據不足以建立任何估值模型，不予評級';
  const factor = p.fairValue / p.price;
  if (factor > MAX_PRICE_FACTOR || factor < 1 / MAX_PRICE_FACTOR)
    return `合理價值 ${p.fairValue} 為股價 ${p.price} 的 ${round(factor, 2)} 倍，超出 1/3 至 3 倍的合理範圍，較可能是數據或模型不適用而非真正的錯價，不予評級`;
  if (p.dispersion > MAX_DISPERSION)
    return `各估值模型結果相差 ${round(p.dispersion, 1)} 倍（上限 ${MAX_DISPERSION} 倍），未能得出可靠的合理價值，不予評級`;
  return null;
}
