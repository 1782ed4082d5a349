import type { MarketData, SectorMedians } from '../../market-data/types';
import type { PeerMultipleId, ValuationModel } from '../types';
import { roundPrice } from '../format';
import {
  choosePeers,
  MAX_PEERS,
  MIN_NAMED_PEERS,
  MIN_PEERS,
  MULTIPLE_CAP,
  MULTIPLE_LABEL,
  peerList,
  spreadText,
  type PeerSet,
} from './peers';

export { MIN_PEERS } from './peers';

/**
 * Which multiples the relative model compares, and how much each counts. P/E and EV/EBITDA
 * describe what an operating business earns; banks and insurers are valued on earnings and
 * book (their book is their business, their EBITDA means nothing), so P/E and P/B.
 */
const MULTIPLES = {
  general: { pe: 1, ev_ebitda: 1 },
  financial: { pe: 1, pb: 1 },
} as const;

/** Said in the inputs when EV/EBITDA could not be turned into an equity value. */
export const EV_NET_DEBT_UNKNOWN = '總債務或現金不詳，無法由企業價值換算股權價值，EV/EBITDA 不適用';

/** The per-share value the stock would have at multiple `m`, or null when its own figure is not positive. */
function valueAt(data: MarketData, multiple: PeerMultipleId, m: number): number | null {
  const shares = data.sharesOutstanding;
  if (multiple === 'pe') return data.eps !== null && data.eps > 0 ? m * data.eps : null;
  if (multiple === 'pb') return data.bookValuePerShare !== null && data.bookValuePerShare > 0 ? m * data.bookValuePerShare : null;
  if (data.totalDebt === null || data.cash === null || !shares) return null;
  const figure = multiple === 'ev_ebitda' ? data.ebitda : data.revenue;
  if (figure === null || figure <= 0) return null;
  const equity = m * figure - data.totalDebt + data.cash;
  return equity > 0 ? equity / shares : null;
}

interface Applied {
  set: PeerSet;
  weight: number;
  low: number;
  base: number;
  high: number;
}

function blendApplied(applied: Applied[]) {
  const total = applied.reduce((s, a) => s + a.weight, 0);
  const mean = (pick: (a: Applied) => number) => applied.reduce((s, a) => s + pick(a) * a.weight, 0) / total;
  return { low: roundPrice(mean((a) => a.low)), base: roundPrice(mean((a) => a.base)), high: roundPrice(mean((a) => a.high)) };
}

/** The method's words on how peers are chosen and cleaned (ADR 0067), shared by the relative and EV/Sales models. */
const PEER_RULE = `同市場、市值最接近的同業（最多 ${MAX_PEERS} 家）：先取同行業，不足 ${MIN_PEERS} 家則擴至同類行業及同板塊（銀行、保險、電訊只與同類比較）；剔除負數及高於上限（市盈率 ${MULTIPLE_CAP.pe}、市帳率 ${MULTIPLE_CAP.pb}、EV/EBITDA ${MULTIPLE_CAP.ev_ebitda}、EV/銷售額 ${MULTIPLE_CAP.ev_sales} 倍）的異常值後取中位數；低值及高值取第 25 及第 75 百分位；同業少於 ${MIN_PEERS} 家時只作參考，不計入合理價值`;

/** The inputs a peer set adds to its model: the median, the peers by name and the spread beside the value. */
function peerInputs(set: PeerSet, asOf: string | null): Record<string, string | number> {
  const m = set.comparison.multiple;
  return {
    [`${m}PeerMedian`]: set.comparison.median as number,
    [`${m}Peers`]: peerList(set, asOf),
    [`${m}PeerSpread`]: spreadText(set.comparison),
  };
}

/**
 * Relative value against named peers: for each multiple that applies, the stock's own figure
 * × the peers' median (low and high at their 25th and 75th percentiles), then the multiples'
 * weighted mean. Peers and outliers as choosePeers says (ADR 0067). A multiple weighs in when
 * at least five peers remain and the stock's own figure is positive (EV/EBITDA also needs the
 * stock's debt and cash); with only three or four, the model shows the comparison as a check
 * and stays out of the fair value.
 */
export function relativeModel(data: MarketData, medians: SectorMedians | null, financial: boolean): ValuationModel {
  const weights: Partial<Record<PeerMultipleId, number>> = financial ? MULTIPLES.financial : MULTIPLES.general;
  const base = {
    id: 'relative' as const,
    name: financial ? '相對估值（同業市盈率及市帳率）' : '相對估值（同業市盈率及 EV/EBITDA）',
    method: `${PEER_RULE}；倍數 × 公司自身數據，${Object.keys(weights)
      .map((k) => MULTIPLE_LABEL[k as PeerMultipleId])
      .join('、')} 等權平均`,
  };
  const applied: Applied[] = [];
  /** Peers named although the stock's own figure gives no value: the reader still sees what its peers trade at. */
  const unvalued: PeerSet[] = [];
  const notes: Record<string, string> = {};
  for (const [multiple, weight] of Object.entries(weights) as [PeerMultipleId, number][]) {
    const set = choosePeers(data, medians, multiple);
    if (!set) {
      notes[`${multiple}Note`] = `${MULTIPLE_LABEL[multiple]}：同業少於 ${MIN_NAMED_PEERS} 家有合理範圍內的倍數`;
      continue;
    }
    const value = valueAt(data, multiple, set.median);
    if (value === null) {
      unvalued.push(set);
      notes[`${multiple}Note`] =
        multiple === 'ev_ebitda' && (data.totalDebt === null || data.cash === null)
          ? EV_NET_DEBT_UNKNOWN
          : `${MULTIPLE_LABEL[multiple]}：公司自身數據為負數或不詳`;
      continue;
    }
    applied.push({
      set,
      weight,
      base: value,
      low: valueAt(data, multiple, set.low) ?? value,
      high: valueAt(data, multiple, set.high) ?? value,
    });
  }
  const solid = applied.filter((a) => !a.set.thin);
  // Thin multiples are shown (named peers, their value) but weigh in only when no solid one exists, and then only as a check.
  const counted = solid.length > 0 ? solid : applied;
  const thinNotes = Object.fromEntries(
    applied
      .filter((a) => a.set.thin && solid.length > 0)
      .map((a) => [
        `${a.set.comparison.multiple}Note`,
        `${MULTIPLE_LABEL[a.set.comparison.multiple]}：同業只有 ${a.set.comparison.peers.length} 家，只作參考，不計入估值`,
      ]),
  );
  const inputs: ValuationModel['inputs'] = {
    market: medians?.market ?? data.market,
    sector: medians?.sector ?? data.sector,
    eps: data.eps,
    bookValuePerShare: data.bookValuePerShare,
    ebitda: data.ebitda,
    ...notes,
    ...thinNotes,
    ...Object.fromEntries(
      applied.flatMap((a) => [...Object.entries(peerInputs(a.set, data.asOf)), [`${a.set.comparison.multiple}Value`, roundPrice(a.base)]]),
    ),
  };
  if (counted.length === 0) {
    return {
      ...base,
      role: 'blend',
      value: null,
      weight: 0,
      skipped: true,
      reason: '沒有足夠同業或公司自身數據，同業倍數不適用',
      inputs: { ...inputs, ...Object.fromEntries(unvalued.flatMap((set) => Object.entries(peerInputs(set, data.asOf)))) },
      range: null,
      ...(unvalued.length > 0 ? { peers: unvalued.map((set) => set.comparison) } : {}),
    };
  }
  const range = blendApplied(counted);
  const thin = solid.length === 0;
  return {
    ...base,
    role: thin ? 'check' : 'blend',
    value: range.base,
    weight: thin ? 0 : 0.4,
    skipped: false,
    reason: thin ? `同業少於 ${MIN_PEERS} 家，相對估值只作參考，不計入合理價值` : null,
    inputs,
    range,
    peers: counted.map((a) => a.set.comparison),
  };
}

/**
 * EV/Sales against peers, for companies whose earnings and cash flow are negative: what the
 * business would be worth at its peers' multiple of revenue, less net debt. When the stock's
 * debt or cash is unknown (the bundled US figures), both sides are compared on price/sales
 * instead, and the method says so.
 */
export function evSalesModel(data: MarketData, medians: SectorMedians | null): ValuationModel {
  const equityBasis = data.totalDebt === null || data.cash === null;
  const base = {
    id: 'ev_sales' as const,
    name: equityBasis ? '市銷率（同業 P/S）' : 'EV/銷售額（同業）',
    method: `${
      equityBasis
        ? '同業市銷率中位數 × 每股收入（債務及現金不詳，以市值代企業價值）'
        : '(同業 EV/銷售額中位數 × 收入 − 總債務 + 現金) ÷ 流通股數'
    }；${PEER_RULE}`,
  };
  const skip = (reason: string): ValuationModel => ({
    ...base,
    role: 'blend',
    value: null,
    weight: 0,
    skipped: true,
    reason,
    inputs: { revenue: data.revenue },
    range: null,
  });
  if (data.revenue === null || data.revenue <= 0) return skip('收入不詳或為零，無法以銷售額倍數估值');
  if (!data.sharesOutstanding) return skip('缺少流通股數');
  const set = choosePeers(data, medians, 'ev_sales', equityBasis);
  if (!set) return skip(`同業少於 ${MIN_NAMED_PEERS} 家有合理範圍內的銷售額倍數`);
  const perShare = (m: number) => {
    if (equityBasis) return (m * (data.revenue as number)) / (data.sharesOutstanding as number);
    const equity = m * (data.revenue as number) - (data.totalDebt as number) + (data.cash as number);
    return equity > 0 ? equity / (data.sharesOutstanding as number) : null;
  };
  const value = perShare(set.median);
  // The peers are still named: the reader sees what they trade at, and that the net debt exceeds it.
  if (value === null) return { ...skip('按同業倍數計算的企業價值低於淨債務'), peers: [set.comparison] };
  return {
    ...base,
    role: set.thin ? 'check' : 'blend',
    value: roundPrice(value),
    weight: set.thin ? 0 : 1,
    skipped: false,
    reason: set.thin ? `同業只有 ${set.comparison.peers.length} 家（少於 ${MIN_PEERS} 家），銷售額倍數只作參考，不計入合理價值` : null,
    inputs: {
      revenue: data.revenue,
      sharesOutstanding: data.sharesOutstanding,
      totalDebt: data.totalDebt,
      cash: data.cash,
      peerMedian: set.comparison.median,
      peers: peerList(set, data.asOf),
      peerSpread: spreadText(set.comparison),
    },
    range: { low: roundPrice(perShare(set.low) ?? value), base: roundPrice(value), high: roundPrice(perShare(set.high) ?? value) },
    peers: [set.comparison],
  };
}

/**
 * Graham number √(22.5 × EPS × BVPS): the most a defensive investor should pay by Graham's
 * rule of at most 15× earnings and 1.5× book. A screen shown beside the valuation, never part
 * of the blend: it is a ceiling for the cautious, far below the worth of any company valued for
 * its growth. Meaningless with losses or negative book value.
 */
export function grahamScreen(data: MarketData): ValuationModel {
  const base = {
    id: 'graham' as const,
    name: '格雷厄姆數（篩選指標，不計入合理價值）',
    method: '√(22.5 × 每股盈利 × 每股帳面值)：防守型投資者願付的上限（最多 15 倍市盈率及 1.5 倍市帳率），只作參考',
    inputs: { eps: data.eps, bookValuePerShare: data.bookValuePerShare },
    role: 'screen' as const,
    weight: 0,
    range: null,
  };
  const skip = (reason: string): ValuationModel => ({ ...base, value: null, skipped: true, reason });
  if (data.eps === null || data.bookValuePerShare === null) return skip('缺少每股盈利或每股帳面值');
  if (data.eps <= 0) return skip('每股盈利為負數或零，格雷厄姆數不適用');
  if (data.bookValuePerShare <= 0) return skip('每股帳面值為負數或零，格雷厄姆數不適用');
  return { ...base, value: roundPrice(Math.sqrt(22.5 * data.eps * data.bookValuePerShare)), skipped: false, reason: null };
}
