import type { MarketData, PeerFigures, SectorMedians } from '../../market-data/types';
import type { PeerMultipleComparison, PeerMultipleId } from '../types';
import { ratio, round } from '../format';
import { USD_PER_UNIT } from '../metrics';
import { damodaranIndustry } from './industry-map';

/** Fewer peers than this with a positive multiple and their median says little. */
export const MIN_PEERS = 3;
/** The closest peers in size kept for each multiple. */
export const MAX_PEERS = 8;

export const MULTIPLE_LABEL: Record<PeerMultipleId, string> = {
  pe: '市盈率（P/E）',
  pb: '市帳率（P/B）',
  ev_ebitda: 'EV/EBITDA',
  ev_sales: 'EV/銷售額',
};

/** The peers chosen for one multiple and the quartiles of their values. */
export interface PeerSet {
  comparison: PeerMultipleComparison;
  /** 25th percentile, median, 75th percentile of the peers' multiple. */
  low: number;
  median: number;
  high: number;
  /** Which group the peers came from (same industry, or the sector when the industry has too few). */
  group: string;
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

/**
 * The peers for one multiple: those of the same market and sector with a positive value of
 * it — of the same industry when at least three have one, else of the same Damodaran
 * industry, else of the same family of industries (all banks, all telecoms, all utilities),
 * and the whole sector only for an industry not mapped to Damodaran's — the
 * closest in size (US$ market cap, on a log scale) first, at most eight. Null with fewer than
 * three. `equityBasis` compares price/sales instead of EV/Sales (debt and cash unknown).
 */
export function choosePeers(
  data: MarketData,
  medians: SectorMedians | null,
  multiple: PeerMultipleId,
  equityBasis = false,
): PeerSet | null {
  const all = (medians?.peers ?? [])
    .map((peer) => ({ peer, value: peerValue(peer, multiple, equityBasis) }))
    .filter((p): p is { peer: PeerFigures; value: number } => p.value !== null && p.value > 0 && Number.isFinite(p.value));
  const sameIndustry = data.industry === null ? [] : all.filter((p) => p.peer.industry === data.industry);
  const group = damodaranIndustry(data.industry);
  const sameGroup = group === null ? [] : all.filter((p) => damodaranIndustry(p.peer.industry) === group);
  const family = familyOf(group);
  const sameFamily = family === null ? [] : all.filter((p) => familyOf(damodaranIndustry(p.peer.industry)) === family);
  // A telecom is not priced like a streaming service: the sector is the last resort, and only when the stock's industry is not mapped.
  const [pool, groupName] =
    sameIndustry.length >= MIN_PEERS
      ? [sameIndustry, `同行業（${data.industry}）`]
      : sameGroup.length >= MIN_PEERS
        ? [sameGroup, `同類行業（${group}）`]
        : sameFamily.length >= MIN_PEERS
          ? [sameFamily, `同類行業（${family}）`]
          : group === null
            ? [all, `同板塊（${medians?.sector ?? ''}）`]
            : [[], ''];
  if (pool.length < MIN_PEERS) return null;
  const ownCap = capUsd(data.marketCap, data.currency);
  const distance = (p: PeerFigures) => {
    const cap = capUsd(p.marketCap, p.currency);
    return ownCap === null || cap === null || ownCap <= 0 || cap <= 0 ? Number.POSITIVE_INFINITY : Math.abs(Math.log(cap / ownCap));
  };
  const chosen = [...pool]
    .sort((a, b) => distance(a.peer) - distance(b.peer) || a.peer.symbol.localeCompare(b.peer.symbol))
    .slice(0, MAX_PEERS);
  const values = chosen.map((p) => p.value).sort((a, b) => a - b);
  const label = equityBasis && multiple === 'ev_sales' ? '市銷率（P/S，債務及現金不詳，以市值代企業價值）' : MULTIPLE_LABEL[multiple];
  const own = ownMultiple(data, multiple, equityBasis);
  return {
    comparison: {
      multiple,
      label,
      stock: own === null ? null : round(own, 2),
      median: round(quantile(values, 0.5), 2),
      peers: chosen.map((p) => ({
        symbol: p.peer.symbol,
        name: p.peer.name,
        value: round(p.value, 2),
        marketCapUsd: capUsd(p.peer.marketCap, p.peer.currency),
      })),
    },
    low: quantile(values, 0.25),
    median: quantile(values, 0.5),
    high: quantile(values, 0.75),
    group: groupName,
  };
}
