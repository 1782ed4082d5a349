import type { MarketData, PeerFigures, SectorMedians } from '../../market-data/types';
import type { PeerMultipleComparison, PeerMultipleId } from '../types';
import { ratio, round } from '../format';
import { USD_PER_UNIT } from '../metrics';
import { damodaranIndustry } from './industry-map';

/**
 * A multiple rests on at least this many peers before it weighs in a fair value: a median of
 * three or four values moves with any one of them (ADR 0067).
 */
export const MIN_PEERS = 5;
/** With fewer peers than MIN_PEERS but at least this many, the comparison is shown as a reference, never blended. */
export const MIN_NAMED_PEERS = 3;
/** The closest peers in size kept for each multiple. */
export const MAX_PEERS = 8;

/**
 * The outlier rule (ADR 0067): a peer's multiple above its cap says the market prices
 * something other than the current earnings, book or sales (a collapse in profit, a hope of
 * growth), so it tells nothing about what this company's figures are worth. Negative
 * multiples (losses, negative book) are excluded too.
 */
export const MULTIPLE_CAP: Record<PeerMultipleId, number> = { pe: 100, pb: 20, ev_ebitda: 50, ev_sales: 30 };

/**
 * Families of industries whose businesses are priced on their own terms: a bank is compared
 * with banks only, an insurer with insurers, a telecom with telecoms, never widening to the
 * sector. Any other company widens to its whole sector when its industry has too few peers.
 */
const CLOSED_FAMILIES = new Set(['bank', 'insurance', 'reinsurance', 'telecom']);

export const MULTIPLE_LABEL: Record<PeerMultipleId, string> = {
  pe: '市盈率（P/E）',
  pb: '市帳率（P/B）',
  ev_ebitda: 'EV/EBITDA',
  ev_sales: 'EV/銷售額',
};

/** The peers chosen for one multiple and the quartiles of their values. */
export interface PeerSet {
  comparison: PeerMultipleComparison;
  /** 25th percentile, median, 75th percentile of the peers' multiple (outliers excluded). */
  low: number;
  median: number;
  high: number;
  /** Which group the peers came from (same industry, widening to the sector when the industry has too few). */
  group: string;
  /** Fewer than MIN_PEERS peers: the comparison is a reference, never part of a fair value. */
  thin: boolean;
}

function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

function capUsd(cap: number | null, currency: string): number | null {
  const rate = USD_PER_UNIT[currency];
  return cap === null || rate === undefined ? null : cap * rate;
}

/**
 * The family of a Damodaran industry: its first word, "Bank (Money Center)" and "Banks
 * (Regional)" → bank, "Telecom. Services" and "Telecom (Wireless)" → telecom.
 */
function familyOf(industry: string | null): string | null {
  // Makers of equipment are not their customers' peers: "Telecom. Equipment" is no telecom.
  if (industry === null || /equip/i.test(industry)) return null;
  const word = industry.split(/[\s(./&]/)[0]?.toLowerCase() ?? '';
  return word === '' ? null : word.replace(/s$/, '');
}

/** The peer's value of a multiple; EV/Sales falls back to price/sales when the peer's debt or cash is unknown. */
function peerValue(peer: PeerFigures, multiple: PeerMultipleId, equityBasis: boolean): number | null {
  if (multiple === 'pe') return peer.pe;
  if (multiple === 'pb') return peer.pb;
  if (multiple === 'ev_ebitda') return peer.evToEbitda;
  return equityBasis ? peer.ps : peer.evToSales;
}

/** The stock's own value of a multiple, on the same basis as its peers'. */
export function ownMultiple(data: MarketData, multiple: PeerMultipleId, equityBasis = false): number | null {
  const ev = data.marketCap !== null && data.totalDebt !== null && data.cash !== null ? data.marketCap + data.totalDebt - data.cash : null;
  if (multiple === 'pe') return data.eps !== null && data.eps > 0 ? ratio(data.price, data.eps) : null;
  if (multiple === 'pb')
    return data.bookValuePerShare !== null && data.bookValuePerShare > 0 ? ratio(data.price, data.bookValuePerShare) : null;
  if (multiple === 'ev_ebitda') return data.ebitda !== null && data.ebitda > 0 ? ratio(ev, data.ebitda) : null;
  if (data.revenue === null || data.revenue <= 0) return null;
  return equityBasis ? ratio(data.marketCap, data.revenue) : ratio(ev, data.revenue);
}

interface Candidate {
  peer: PeerFigures;
  value: number | null;
}

const isKept = (multiple: PeerMultipleId) => (c: Candidate) => c.value !== null && c.value > 0 && c.value <= MULTIPLE_CAP[multiple];
const isOutlier = (multiple: PeerMultipleId) => (c: Candidate) => c.value !== null && !isKept(multiple)(c);

/** Why an outlier's multiple was left out, in the report's words. */
function outlierReason(multiple: PeerMultipleId, value: number): string {
  return value <= 0 ? '負數（虧損或負資產）' : `高於 ${MULTIPLE_CAP[multiple]} 倍上限`;
}

/**
 * The groups a stock's peers are drawn from, narrowest first: the same industry, the same
 * Damodaran industry, the same family of industries (all banks, all telecoms, all
 * utilities), then, outside the closed families, the whole sector.
 */
function peerGroups(data: MarketData, medians: SectorMedians | null, all: Candidate[]): Array<[Candidate[], string]> {
  const group = damodaranIndustry(data.industry);
  const family = familyOf(group);
  const familyOfPeer = (c: Candidate) => familyOf(damodaranIndustry(c.peer.industry));
  const groups: Array<[Candidate[], string]> = [];
  if (data.industry !== null) groups.push([all.filter((c) => c.peer.industry === data.industry), `同行業（${data.industry}）`]);
  if (group !== null) groups.push([all.filter((c) => damodaranIndustry(c.peer.industry) === group), `同類行業（${group}）`]);
  if (family !== null) groups.push([all.filter((c) => familyOfPeer(c) === family), `同類行業（${family}）`]);
  // A bank is compared with banks only, a telecom with telecoms.
  if (family === null || !CLOSED_FAMILIES.has(family)) groups.push([all, `同板塊（${medians?.sector ?? data.sector ?? ''}）`]);
  return groups;
}

/**
 * The peers for one multiple (ADR 0067): of the same market and sector, from the narrowest
 * group (peerGroups) in which at least five peers have a multiple within the outlier rule
 * (positive, not above MULTIPLE_CAP), else from the narrowest with at least three (a thin
 * set, shown as a reference only); the closest in size (US$ market cap, on a log scale)
 * first, at most eight. The value is their median, the range their quartiles; the group's
 * outliers are named beside them. Null with fewer than three. `equityBasis` compares
 * price/sales instead of EV/Sales (debt and cash unknown).
 */
export function choosePeers(
  data: MarketData,
  medians: SectorMedians | null,
  multiple: PeerMultipleId,
  equityBasis = false,
): PeerSet | null {
  const all = (medians?.peers ?? [])
    .map((peer) => ({ peer, value: peerValue(peer, multiple, equityBasis) }))
    .filter((c) => c.value === null || Number.isFinite(c.value));
  const groups = peerGroups(data, medians, all);
  const kept = isKept(multiple);
  const found =
    groups.find(([pool]) => pool.filter(kept).length >= MIN_PEERS) ?? groups.find(([pool]) => pool.filter(kept).length >= MIN_NAMED_PEERS);
  if (!found) return null;
  const [pool, groupName] = found;
  const ownCap = capUsd(data.marketCap, data.currency);
  const distance = (p: PeerFigures) => {
    const cap = capUsd(p.marketCap, p.currency);
    return ownCap === null || cap === null || ownCap <= 0 || cap <= 0 ? Number.POSITIVE_INFINITY : Math.abs(Math.log(cap / ownCap));
  };
  const bySize = (a: Candidate, b: Candidate) => distance(a.peer) - distance(b.peer) || a.peer.symbol.localeCompare(b.peer.symbol);
  const chosen = pool.filter(kept).sort(bySize).slice(0, MAX_PEERS) as Array<{ peer: PeerFigures; value: number }>;
  const outliers = (pool.filter(isOutlier(multiple)) as Array<{ peer: PeerFigures; value: number }>).sort(bySize).slice(0, MAX_PEERS);
  const values = chosen.map((p) => p.value).sort((a, b) => a - b);
  const label = equityBasis && multiple === 'ev_sales' ? '市銷率（P/S，債務及現金不詳，以市值代企業價值）' : MULTIPLE_LABEL[multiple];
  const own = ownMultiple(data, multiple, equityBasis);
  const asPeer = (p: { peer: PeerFigures; value: number }) => ({
    symbol: p.peer.symbol,
    name: p.peer.name,
    value: round(p.value, 2),
    marketCapUsd: capUsd(p.peer.marketCap, p.peer.currency),
    asOf: p.peer.asOf ?? null,
  });
  return {
    comparison: {
      multiple,
      label,
      stock: own === null ? null : round(own, 2),
      median: round(quantile(values, 0.5), 2),
      peers: chosen.map(asPeer),
      spread: {
        low: round(quantile(values, 0.25), 2),
        high: round(quantile(values, 0.75), 2),
        min: round(values[0] as number, 2),
        max: round(values.at(-1) as number, 2),
      },
      excluded: outliers.map((p) => ({ ...asPeer(p), reason: outlierReason(multiple, p.value) })),
      group: groupName,
    },
    low: quantile(values, 0.25),
    median: quantile(values, 0.5),
    high: quantile(values, 0.75),
    group: groupName,
    thin: chosen.length < MIN_PEERS,
  };
}

/**
 * The peers by name with their multiples, as the model's inputs give them: "同行業（Telecom
 * Services）：0728.HK 12.1、0788.HK 16.05（按 2025-04-11 股價）". A peer priced on another day
 * than the stock (a listing without daily bars, priced on its page's date) names that day.
 */
export function peerList(set: PeerSet, asOf: string | null): string {
  const dated = (p: PeerMultipleComparison['peers'][number]) => (p.asOf && p.asOf !== asOf ? `（按 ${p.asOf} 股價）` : '');
  return `${set.group}：${set.comparison.peers.map((p) => `${p.symbol} ${p.value}${dated(p)}`).join('、')}`;
}

/** The peers' spread in words, shown beside the value: "8 家同業中位數 22.1 倍，四分位 15.0–30.2 倍，最低 9.8、最高 61.0 倍". */
export function spreadText(c: PeerMultipleComparison): string {
  const s = c.spread;
  const excluded = c.excluded?.length ? `；剔除異常值 ${c.excluded.map((p) => `${p.symbol} ${p.value}（${p.reason}）`).join('、')}` : '';
  return `${c.peers.length} 家同業中位數 ${c.median} 倍${s ? `，四分位 ${s.low}–${s.high} 倍，最低 ${s.min}、最高 ${s.max} 倍` : ''}${excluded}`;
}
