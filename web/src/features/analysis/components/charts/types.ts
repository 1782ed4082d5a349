/**
 * What each chart draws. Shaped like the report's chart data (contracts' ReportCharts), so a
 * report's figures pass straight in; each chart owns no fetching.
 */
export interface ValueRange {
  low: number;
  base: number;
  high: number;
}

export interface PricePoint {
  /** ISO date. */
  date: string;
  close: number;
}

export interface PriceHistoryChartData {
  currency: string;
  /** Oldest first; empty when the market-data provider has no history (the bands are drawn alone). */
  points: PricePoint[];
  from?: string | null;
  to?: string | null;
  source?: string | null;
  range52Week: { low: number; high: number; asOf?: string | null } | null;
  /** The blend's fair-value range. */
  fairValue: ValueRange | null;
  price: { value: number; asOf?: string | null } | null;
}

export interface FootballFieldRow {
  id: string;
  name: string;
  range: ValueRange;
  /** False for a screen shown beside the blend (drawn hatched, never weighed). */
  inBlend: boolean;
}

export interface PeerMultipleData {
  multiple: string;
  label: string;
  stock: number | null;
  median: number | null;
  /** `asOf`: the date of the price the peer's multiple is computed at (absent in older reports). */
  peers: { symbol: string; name: string; value: number; asOf?: string | null }[];
  /** The peers' quartiles and extremes (ADR 0067); absent in older reports. */
  spread?: { low: number; high: number; min: number; max: number };
  /** Peers left out by the outlier rule, with the reason. */
  excluded?: { symbol: string; value: number; reason: string }[];
}

export interface ScorePartData {
  id: string;
  label: string;
  points: number;
  max: number;
}

/** The report's chart data (contracts' ReportCharts). */
export interface ReportChartsData {
  priceHistory: { from: string; to: string; currency: string; source: string; points: PricePoint[] } | null;
  range52Week: { low: number; high: number; asOf: string | null; source: string } | null;
  valuationRanges: FootballFieldRow[];
  price: { value: number; asOf: string | null } | null;
  peerMultiples: PeerMultipleData[];
  businessScoreParts: ScorePartData[];
  basicScoreParts: ScorePartData[];
}
