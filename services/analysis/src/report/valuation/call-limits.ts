import type { Rating, Uncertainty, ValuationModel } from '../types';
import { round } from '../format';
import { RECOMMENDATION_TEXT } from '../labels';
import { inBlend, modelDispersion, recommendationFor } from './blend';
import { reverseDcfSupports } from './reverse-dcf';

/** Models further apart than this (highest ÷ lowest) bound the call by each other (ADR 0067). */
export const BOUNDING_DISPERSION = 2;

const STRENGTH: Record<Exclude<Rating, 'unrated'>, number> = { strong_sell: -2, sell: -1, hold: 0, buy: 1, strong_buy: 2 };
const BY_STRENGTH: Rating[] = ['strong_sell', 'sell', 'hold', 'buy', 'strong_buy'];

export interface LimitedCall {
  recommendation: Rating;
  /** Why the call is weaker than the blend's upside says, or null when it is not. */
  note: string | null;
}

/**
 * The call a blend may give when its models disagree by more than 2×: no buy stronger than
 * the least bullish model's own call, no sell stronger than the least bearish one's (each
 * model's value against the price, at the same thresholds). Models that point opposite ways
 * give a hold: neither can be trusted over the other.
 */
export function boundByModels(
  call: Rating,
  models: ValuationModel[],
  price: number,
  uncertainty: Uncertainty,
  strongBarred: boolean,
): LimitedCall {
  const dispersion = modelDispersion(models);
  if (call === 'unrated' || dispersion <= BOUNDING_DISPERSION) return { recommendation: call, note: null };
  const own = models
    .filter(inBlend)
    .map((m) => STRENGTH[recommendationFor(((m.value as number) / price - 1) * 100, uncertainty, strongBarred) as keyof typeof STRENGTH]);
  const strength = STRENGTH[call as keyof typeof STRENGTH];
  const bounded = strength > 0 ? Math.max(0, Math.min(strength, ...own)) : strength < 0 ? Math.min(0, Math.max(strength, ...own)) : 0;
  if (bounded === strength) return { recommendation: call, note: null };
  const recommendation = BY_STRENGTH[bounded + 2] as Rating;
  return {
    recommendation,
    note: `各估值模型相差 ${round(dispersion, 1)} 倍（超過 ${BOUNDING_DISPERSION} 倍），評級不強於個別模型單獨所支持的「${RECOMMENDATION_TEXT[recommendation]}」`,
  };
}

/**
 * A loss-maker valued on a revenue multiple alone (EV/Sales the only model in the blend) is at
 * most a hold, unless the reverse DCF supports the call: a buy when the price implies no more
 * growth than the reference growth, a sell when it implies more or extreme growth.
 */
export function boundRevenueOnly(call: Rating, models: ValuationModel[]): LimitedCall {
  const blended = models.filter(inBlend);
  const revenueOnly = blended.length === 1 && blended[0]?.id === 'ev_sales';
  if (!revenueOnly || call === 'unrated' || call === 'hold') return { recommendation: call, note: null };
  const support = reverseDcfSupports(models.find((m) => m.id === 'reverse_dcf'));
  const direction = call === 'buy' || call === 'strong_buy' ? 'buy' : 'sell';
  if (support === direction) return { recommendation: call, note: null };
  return {
    recommendation: 'hold',
    note:
      direction === 'buy'
        ? '公司虧損，只能以銷售額倍數估值，而反向 DCF 顯示股價隱含的增長並不低於公司或行業的增長，評級最多為「持有」'
        : '公司虧損，只能以銷售額倍數估值，而反向 DCF 未顯示股價隱含過高的增長，評級最多為「持有」',
  };
}
