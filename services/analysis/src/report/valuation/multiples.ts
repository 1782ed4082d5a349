import type { MarketData, SectorMedians } from '../../market-data/types';
import type { ValuationModel } from '../types';
import { roundPrice } from '../format';
import { isFinancial } from '../metrics';

/** Fewer peers than this with a positive multiple and its median says little about the sector. */
export const MIN_PEERS = 3;

/**
 * How much each multiple counts. P/E and EV/EBITDA describe what a business earns; P/B
 * counts half as much, since buybacks and intangibles leave many good companies with little
 * book value — except for banks and insurers, whose book is their business and whose EBITDA
 * means nothing: there P/E and P/B count equally and EV/EBITDA not at all.
 */
const MULTIPLE_WEIGHTS = { general: { byPe: 2, byEvToEbitda: 2, byPb: 1 }, financial: { byPe: 1, byEvToEbitda: 0, byPb: 1 } };

/** Said in the inputs when EV/EBITDA could not be turned into an equity value. */
export const EV_NET_DEBT_UNKNOWN = '總債務或現金不詳，無法由企業價值換算股權價值，EV/EBITDA 不適用';

/** A median backed by at least MIN_PEERS peers with a positive multiple, or null. */
function usable(median: number | null, peers: number | undefined): number | null {
  return median !== null && median > 0 && (peers ?? 0) >= MIN_PEERS ? median : null;
}

/**
 * Relative value: what the stock would be worth at the median multiples of its market and
 * sector's peers — P/E × EPS, (EV/EBITDA × EBITDA − net debt) ÷ shares, and P/B × book value
 * per share — in a weighted mean over the multiples that apply. A multiple applies only when
 * at least three peers have a positive value of it and the company's own figure is positive
 * (a P/E on losses means nothing); EV/EBITDA also needs both total debt and cash, since a
 * blank debt is not a zero debt. The bundled data has no peer's debt and cash, so its
 * EV/EBITDA median is null and the model rests on P/E and P/B; live data keeps the weights.
 */
export function relativeModel(data: MarketData, medians: SectorMedians | null): ValuationModel {
  const weights = isFinancial(data.sector) ? MULTIPLE_WEIGHTS.financial : MULTIPLE_WEIGHTS.general;
  const base = {
    id: 'relative' as const,
    name: '相對估值（同業倍數）',
    method: `同市場同板塊（不含本股）的中位數倍數 × 公司自身數據，各適用倍數加權平均（市盈率 ${weights.byPe}、EV/EBITDA ${weights.byEvToEbitda}、市帳率 ${weights.byPb}）；每個倍數須有至少 ${MIN_PEERS} 家同業為正數`,
  };
  const pe = usable(medians?.pe ?? null, medians?.peCount);
  const evToEbitda = usable(medians?.evToEbitda ?? null, medians?.evToEbitdaCount);
  const pb = usable(medians?.pb ?? null, medians?.pbCount);
  if (medians === null || (pe === null && evToEbitda === null && pb === null)) {
    return {
      ...base,
      value: null,
      weight: 0,
      skipped: true,
      reason: '同業板塊樣本不足，沒有可比較的中位數倍數',
      inputs: { peers: medians?.count ?? 0 },
    };
  }

  const parts: Partial<Record<keyof typeof weights, number>> = {};
  let evNote: string | null = null;
  if (pe !== null && data.eps !== null && data.eps > 0) parts.byPe = pe * data.eps;
  if (weights.byEvToEbitda > 0 && evToEbitda !== null && data.ebitda !== null && data.ebitda > 0 && data.sharesOutstanding) {
    if (data.totalDebt === null || data.cash === null) evNote = EV_NET_DEBT_UNKNOWN;
    else {
      const equity = evToEbitda * data.ebitda - data.totalDebt + data.cash;
      if (equity > 0) parts.byEvToEbitda = equity / data.sharesOutstanding;
    }
  }
  if (pb !== null && data.bookValuePerShare !== null && data.bookValuePerShare > 0) parts.byPb = pb * data.bookValuePerShare;

  const applied = (Object.entries(parts) as [keyof typeof weights, number][]).filter(([key]) => weights[key] > 0);
  const inputs = {
    market: medians.market,
    sector: medians.sector,
    peers: medians.count,
    sectorMedianPe: medians.pe,
    peersWithPe: medians.peCount,
    sectorMedianEvToEbitda: medians.evToEbitda,
    peersWithEvToEbitda: medians.evToEbitdaCount,
    sectorMedianPb: medians.pb,
    peersWithPb: medians.pbCount,
    eps: data.eps,
    ebitda: data.ebitda,
    bookValuePerShare: data.bookValuePerShare,
    ...(evNote ? { evToEbitdaNote: evNote } : {}),
    ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, roundPrice(v)])),
  };
  if (applied.length === 0) {
    return { ...base, value: null, weight: 0, skipped: true, reason: '盈利、EBITDA 及帳面值均為負數或不詳，同業倍數不適用', inputs };
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
  const base = {
    id: 'graham' as const,
    name: '格雷厄姆數',
    method: '√(22.5 × 每股盈利 × 每股帳面值)',
    inputs: { eps: data.eps, bookValuePerShare: data.bookValuePerShare },
  };
  const skip = (reason: string): ValuationModel => ({ ...base, value: null, weight: 0, skipped: true, reason });
  if (data.eps === null || data.bookValuePerShare === null) return skip('缺少每股盈利或每股帳面值');
  if (data.eps <= 0) return skip('每股盈利為負數或零，格雷厄姆數不適用');
  if (data.bookValuePerShare <= 0) return skip('每股帳面值為負數或零，格雷厄姆數不適用');
  return { ...base, value: roundPrice(Math.sqrt(22.5 * data.eps * data.bookValuePerShare)), weight: 0.1, skipped: false, reason: null };
}
