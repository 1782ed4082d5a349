import type { MarketData, SectorMedians } from '../../market-data/types';
import type { ValuationModel } from '../types';
import { roundPrice } from '../format';
import { isFinancial } from '../metrics';

/** Fewer peers than this and a median says little about the sector. */
export const MIN_PEERS = 3;

/**
 * How much each multiple counts. P/E and EV/EBITDA describe what a business earns; P/B
 * counts half as much, since buybacks and intangibles leave many good companies with little
 * book value — except for banks and insurers, whose book is their business and whose EBITDA
 * means nothing: there P/E and P/B count equally and EV/EBITDA not at all.
 */
const MULTIPLE_WEIGHTS = { general: { byPe: 2, byEvToEbitda: 2, byPb: 1 }, financial: { byPe: 1, byEvToEbitda: 0, byPb: 1 } };

/**
 * Relative value: what the stock would be worth at its sector's median multiples — P/E × EPS,
 * (EV/EBITDA × EBITDA − net debt) ÷ shares, and P/B × book value per share — in a weighted
 * mean over the multiples that apply. A multiple applies only when both the median and the
 * company's own figure are positive (a P/E on losses means nothing).
 */
export function relativeModel(data: MarketData, medians: SectorMedians | null): ValuationModel {
  const weights = isFinancial(data.sector) ? MULTIPLE_WEIGHTS.financial : MULTIPLE_WEIGHTS.general;
  const base = {
    id: 'relative' as const,
    name: '相對估值（同業倍數）',
    method: `同業板塊中位數倍數 × 公司自身數據，各適用倍數加權平均（市盈率 ${weights.byPe}、EV/EBITDA ${weights.byEvToEbitda}、市賬率 ${weights.byPb}）`,
  };
  if (medians === null || medians.count < MIN_PEERS) {
    return { ...base, value: null, weight: 0, skipped: true, reason: '同業板塊樣本不足，沒有可比較的中位數倍數', inputs: { peers: medians?.count ?? 0 } };
  }

  const parts: Partial<Record<keyof typeof weights, number>> = {};
  if (medians.pe !== null && medians.pe > 0 && data.eps !== null && data.eps > 0) parts.byPe = medians.pe * data.eps;
  if (weights.byEvToEbitda > 0 && medians.evToEbitda !== null && medians.evToEbitda > 0 && data.ebitda !== null && data.ebitda > 0 && data.sharesOutstanding) {
    const equity = medians.evToEbitda * data.ebitda - (data.totalDebt ?? 0) + (data.cash ?? 0);
    if (equity > 0) parts.byEvToEbitda = equity / data.sharesOutstanding;
  }
  if (medians.pb !== null && medians.pb > 0 && data.bookValuePerShare !== null && data.bookValuePerShare > 0) {
    parts.byPb = medians.pb * data.bookValuePerShare;
  }

  const applied = (Object.entries(parts) as [keyof typeof weights, number][]).filter(([key]) => weights[key] > 0);
  const inputs = {
    sector: medians.sector,
    peers: medians.count,
    sectorMedianPe: medians.pe,
    sectorMedianEvToEbitda: medians.evToEbitda,
    sectorMedianPb: medians.pb,
    eps: data.eps,
    ebitda: data.ebitda,
    bookValuePerShare: data.bookValuePerShare,
    ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, roundPrice(v)])),
  };
  if (applied.length === 0) {
    return { ...base, value: null, weight: 0, skipped: true, reason: '盈利、EBITDA 及賬面值均為負數或不詳，同業倍數不適用', inputs };
  }
  const total = applied.reduce((sum, [key]) => sum + weights[key], 0);
  const value = applied.reduce((sum, [key, v]) => sum + v * weights[key], 0) / total;
  return { ...base, value: roundPrice(value), weight: 0.3, skipped: false, reason: null, inputs };
}

/**
 * Graham number √(22.5 × EPS × BVPS): the most a defensive investor should pay by Graham's
 * rule of at most 15× earnings and 1.5× book. Meaningless with losses or negative book value.
 * It is a ceiling for the cautious rather than an estimate of worth, and sits far below the
 * price of any company valued for its growth, so it weighs least in the blend (10 %).
 */
export function grahamModel(data: MarketData): ValuationModel {
  const base = { id: 'graham' as const, name: '格雷厄姆數', method: '√(22.5 × 每股盈利 × 每股賬面值)', inputs: { eps: data.eps, bookValuePerShare: data.bookValuePerShare } };
  const skip = (reason: string): ValuationModel => ({ ...base, value: null, weight: 0, skipped: true, reason });
  if (data.eps === null || data.bookValuePerShare === null) return skip('缺少每股盈利或每股賬面值');
  if (data.eps <= 0) return skip('每股盈利為負數或零，格雷厄姆數不適用');
  if (data.bookValuePerShare <= 0) return skip('每股賬面值為負數或零，格雷厄姆數不適用');
  return { ...base, value: roundPrice(Math.sqrt(22.5 * data.eps * data.bookValuePerShare)), weight: 0.1, skipped: false, reason: null };
}
