import type { MarketData } from '../../market-data/types';
import type { ValuationModel } from '../types';
import { clamp, ratio, roundPrice } from '../format';
import { TERMINAL_GROWTH, type DiscountRate } from './assumptions';

/** A steady payer yields at least this much; below it the dividend is not what the stock is worth. */
export const MIN_DIVIDEND_YIELD = 0.01;
/** Dividends are assumed to grow forever at no more than this. */
export const MAX_DIVIDEND_GROWTH = 0.04;

/**
 * Gordon growth dividend discount: value = D₀ × (1 + g) ÷ (r − g), for steady payers only —
 * a dividend covered by earnings (payout ≤ 100 %) and a yield of at least 1 %. The dividend
 * growth g is the sustainable growth bounded to 0–4 % (terminal growth when unknown).
 */
export function dividendModel(data: MarketData, sustainableGrowth: number | null, discount: DiscountRate): ValuationModel {
  const dividendYield = data.dividendYield ?? ratio(data.dividendPerShare, data.price);
  const base = {
    id: 'dividend_discount' as const,
    name: '股息折現（戈登增長模型）',
    method: '每股股息 × (1 + g) ÷ (r − g)，r 為 CAPM 折現率，g 為可持續增長率（上限 4%）',
  };
  const skip = (reason: string): ValuationModel => ({
    ...base,
    value: null,
    weight: 0,
    skipped: true,
    reason,
    inputs: { dividendPerShare: data.dividendPerShare, eps: data.eps, dividendYield },
  });
  const dps = data.dividendPerShare;
  if (dps === null || dps <= 0) return skip('公司沒有派發股息');
  if (data.eps === null || data.eps <= 0) return skip('公司沒有盈利支持股息，派息難以持續');
  if (dps > data.eps) return skip('派息高於每股盈利，股息難以持續');
  if (dividendYield === null || dividendYield < MIN_DIVIDEND_YIELD) return skip('股息率低於 1%，股息並非估值的主要來源');

  const g = clamp(sustainableGrowth ?? TERMINAL_GROWTH, 0, MAX_DIVIDEND_GROWTH);
  const r = discount.rate;
  return {
    ...base,
    value: roundPrice((dps * (1 + g)) / (r - g)),
    weight: 0.15,
    skipped: false,
    reason: null,
    inputs: {
      dividendPerShare: dps,
      eps: data.eps,
      dividendYield,
      discountRate: Number(r.toFixed(4)),
      dividendGrowth: Number(g.toFixed(4)),
    },
  };
}
