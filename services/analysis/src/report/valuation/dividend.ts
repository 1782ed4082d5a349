import type { MarketData } from '../../market-data/types';
import type { ValuationModel } from '../types';
import { clamp, ratio, roundPrice } from '../format';
import { TERMINAL_GROWTH, type DiscountRate } from './assumptions';

/** A steady payer yields at least this much; below it the dividend is not what the stock is worth. */
export const MIN_DIVIDEND_YIELD = 0.01;
/** Dividends are assumed to grow forever at no more than this. */
export const MAX_DIVIDEND_GROWTH = 0.04;
/**
 * Gordon growth assumes the dividend grows at one rate forever: a company still able to grow
 * faster than this (sustainable growth ROE × retention) is not there yet, and capping its
 * growth at 4 % would undervalue it (Damodaran, "Dividend Discount Models": stable-growth firms only).
 */
export const MAX_STEADY_GROWTH = 0.08;
/** A steady payer pays out 20–90 % of its earnings: less and the dividend is incidental, more and it is not covered. */
export const MIN_PAYOUT = 0.2;
export const MAX_PAYOUT = 0.9;

/**
 * Gordon growth dividend discount: value = D₀ × (1 + g) ÷ (r − g), for steady payers only —
 * a payout of 20–90 % of earnings, a yield of at least 1 % and a sustainable growth of at most 8 %. The dividend
 * growth g is the sustainable growth bounded to 0–4 % (terminal growth when unknown).
 */
export function dividendModel(data: MarketData, sustainableGrowth: number | null, discount: DiscountRate): ValuationModel {
  const dividendYield = data.dividendYield ?? ratio(data.dividendPerShare, data.price);
  const base = {
    id: 'dividend_discount' as const,
    name: '股息折現（戈登增長模型）',
    method:
      '每股股息 × (1 + g) ÷ (r − g)，r 為 CAPM 股權成本，g 為可持續增長率（上限 4%）；只用於穩定派息公司（派息比率 20–90%、股息率至少 1%）',
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
  // A yield without a per-share dividend is still a dividend: "no dividend" only when the figures say none.
  if (dps === null)
    return skip(dividendYield !== null && dividendYield > 0 ? '每股股息不詳（只有股息率），無法以股息折現估值' : '派息數據不詳');
  if (dps <= 0) return skip('公司沒有派發股息');
  if (data.eps === null || data.eps <= 0) return skip('公司沒有盈利支持股息，派息難以持續');
  if (dps > data.eps * MAX_PAYOUT) return skip('派息比率高於 90%，股息難以持續，並非穩定派息');
  if (dps < data.eps * MIN_PAYOUT) return skip('派息比率低於 20%，股息並非估值的主要來源');
  if (dividendYield === null || dividendYield < MIN_DIVIDEND_YIELD) return skip('股息率低於 1%，股息並非估值的主要來源');
  if (sustainableGrowth !== null && sustainableGrowth > MAX_STEADY_GROWTH)
    return skip(
      `可持續增長率 ${(sustainableGrowth * 100).toFixed(1)}% 仍高，戈登增長模型只適用於增長已趨穩定（不高於 ${MAX_STEADY_GROWTH * 100}%）的公司`,
    );

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
