import type { Queryable } from '@stockai/platform';
import type { Market, SectorMedians } from '../market-data/types';
import type { StockRow } from './labels';
import type { Fundamentals, ListingRecord, StockSummary } from './types';

/**
 * A stock's columns, and whether the bundle holds the figures an analysis needs: a positive
 * price and at least one of EPS, revenue and book value (the same test as hasCoreFigures).
 */
const STOCK_COLUMNS = `symbol, name, name_zh AS "nameZh", market, exchange, sector, industry, status, reason,
  EXISTS (SELECT 1 FROM stock_fundamentals f
           WHERE f.symbol = stocks.symbol AND f.price > 0
             AND (f.eps IS NOT NULL OR f.revenue IS NOT NULL OR f.book_value_per_share IS NOT NULL)) AS "hasFigures"`;
const FUNDAMENTALS_COLUMNS = `symbol, currency, reporting_currency AS "reportingCurrency", price, market_cap AS "marketCap",
  shares_outstanding AS "sharesOutstanding", pe_ratio AS "peRatio", eps, dividend_per_share AS "dividendPerShare",
  dividend_yield AS "dividendYield", high_52_week AS "high52Week", low_52_week AS "low52Week",
  book_value_per_share AS "bookValuePerShare", price_to_book AS "priceToBook", price_to_sales AS "priceToSales",
  revenue, net_income AS "netIncome", free_cash_flow AS "freeCashFlow", ebitda, total_debt AS "totalDebt", cash, beta,
  as_of AS "asOf", source, notes, fiscal_years AS "fiscalYears", price_history AS "priceHistory",
  source_conflicts AS "sourceConflicts"`;

/** Rows per INSERT: each column goes as one array parameter, so the statement size stays fixed. */
const BATCH = 4000;

export interface LoadRow {
  id: number;
  fingerprint: string;
  loadedAt: Date;
  stocks: number;
  fundamentals: number;
}

/** The stock being valued: its peers share its market and sector, and it is not its own peer. */
export interface PeerGroup {
  market: Market;
  sector: string;
  symbol: string;
}

export const stocksRepo = {
  /** Every stock, for the search index (search-index.ts). */
  async all(db: Queryable): Promise<StockRow[]> {
    const { rows } = await db.query<StockRow>(`SELECT ${STOCK_COLUMNS} FROM stocks`);
    return rows;
  },

  async list(db: Queryable): Promise<StockSummary[]> {
    const { rows } = await db.query<StockSummary>(`SELECT symbol, name, name_zh AS "nameZh", market FROM stocks ORDER BY symbol`);
    return rows;
  },

  /** Inserts or updates the listings, stamping them with `loadId`. */
  async upsert(db: Queryable, listings: ListingRecord[], loadId: number): Promise<void> {
    for (let i = 0; i < listings.length; i += BATCH) {
      const batch = listings.slice(i, i + BATCH);
      const column = <T>(pick: (l: ListingRecord) => T) => batch.map(pick);
      await db.query(
        `INSERT INTO stocks (symbol, name, name_zh, market, exchange, sector, industry, status, reason, facts, sources, load_id)
         SELECT s.symbol, s.name, s.name_zh, s.market, s.exchange, s.sector, s.industry, s.status, s.reason,
                s.facts::jsonb, string_to_array(s.sources, ','), $11
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $12::text[])
             AS s (symbol, name, name_zh, market, exchange, sector, industry, status, reason, facts, sources)
         ON CONFLICT (symbol) DO UPDATE SET
           name = EXCLUDED.name, name_zh = EXCLUDED.name_zh, market = EXCLUDED.market, exchange = EXCLUDED.exchange,
           sector = EXCLUDED.sector, industry = EXCLUDED.industry, status = EXCLUDED.status, reason = EXCLUDED.reason,
           facts = EXCLUDED.facts, sources = EXCLUDED.sources, load_id = EXCLUDED.load_id, updated_at = now()`,
        [
          column((l) => l.symbol),
          column((l) => l.name),
          column((l) => l.nameZh),
          column((l) => l.market),
          column((l) => l.exchange),
          column((l) => l.sector),
          column((l) => l.industry),
          column((l) => l.status),
          column((l) => l.reason),
          column((l) => JSON.stringify(l.facts)),
          loadId,
          column((l) => l.sources.join(',')),
        ],
      );
    }
  },

  /**
   * Symbols the newer files no longer hold: kept (analyses name them) but no longer analysable.
   * Returns how many were retired.
   */
  async retireMissing(db: Queryable, loadId: number, reason: string): Promise<number> {
    const { rowCount } = await db.query(
      `UPDATE stocks SET status = 'inactive', reason = $2, updated_at = now() WHERE load_id <> $1 AND status <> 'inactive'`,
      [loadId, reason],
    );
    return rowCount;
  },
};

export const fundamentalsRepo = {
  async find(db: Queryable, symbol: string): Promise<Fundamentals | undefined> {
    const { rows } = await db.query<Fundamentals>(`SELECT ${FUNDAMENTALS_COLUMNS} FROM stock_fundamentals WHERE symbol = $1`, [symbol]);
    return rows[0];
  },

  /** Replaces the figures with the loaded ones; figures of symbols the files dropped are removed, not kept stale. */
  async replace(db: Queryable, fundamentals: Fundamentals[], loadId: number): Promise<void> {
    const numeric = [
      'price',
      'marketCap',
      'sharesOutstanding',
      'peRatio',
      'eps',
      'dividendPerShare',
      'dividendYield',
      'high52Week',
      'low52Week',
      'bookValuePerShare',
      'priceToBook',
      'priceToSales',
      'revenue',
      'netIncome',
      'freeCashFlow',
      'ebitda',
      'totalDebt',
      'cash',
      'beta',
    ] as const;
    const columns = numeric.map((key, i) => ({ key, param: i + 8 }));
    const json = numeric.length + 8;
    for (let i = 0; i < fundamentals.length; i += BATCH) {
      const batch = fundamentals.slice(i, i + BATCH);
      await db.query(
        `INSERT INTO stock_fundamentals (symbol, currency, reporting_currency, as_of, source, notes, load_id,
           price, market_cap, shares_outstanding, pe_ratio, eps, dividend_per_share, dividend_yield, high_52_week,
           low_52_week, book_value_per_share, price_to_book, price_to_sales, revenue, net_income, free_cash_flow, ebitda,
           total_debt, cash, beta, fiscal_years, price_history, source_conflicts)
         SELECT f.symbol, f.currency, f.reporting_currency, f.as_of, f.source, f.notes::jsonb, $7,
                ${columns.map((c) => `f.c${c.param}`).join(', ')}, f.fiscal_years::jsonb, f.price_history::jsonb, f.source_conflicts::jsonb
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                       ${columns.map((c) => `$${c.param}::float8[]`).join(', ')}, $${json}::text[], $${json + 1}::text[], $${json + 2}::text[])
             AS f (symbol, currency, reporting_currency, as_of, source, notes, ${columns.map((c) => `c${c.param}`).join(', ')},
                   fiscal_years, price_history, source_conflicts)
         ON CONFLICT (symbol) DO UPDATE SET
           currency = EXCLUDED.currency, reporting_currency = EXCLUDED.reporting_currency, as_of = EXCLUDED.as_of,
           source = EXCLUDED.source, notes = EXCLUDED.notes, load_id = EXCLUDED.load_id,
           price = EXCLUDED.price, market_cap = EXCLUDED.market_cap, shares_outstanding = EXCLUDED.shares_outstanding,
           pe_ratio = EXCLUDED.pe_ratio, eps = EXCLUDED.eps, dividend_per_share = EXCLUDED.dividend_per_share,
           dividend_yield = EXCLUDED.dividend_yield, high_52_week = EXCLUDED.high_52_week, low_52_week = EXCLUDED.low_52_week,
           book_value_per_share = EXCLUDED.book_value_per_share, price_to_book = EXCLUDED.price_to_book,
           price_to_sales = EXCLUDED.price_to_sales, revenue = EXCLUDED.revenue, net_income = EXCLUDED.net_income,
           free_cash_flow = EXCLUDED.free_cash_flow, ebitda = EXCLUDED.ebitda, total_debt = EXCLUDED.total_debt,
           cash = EXCLUDED.cash, beta = EXCLUDED.beta, fiscal_years = EXCLUDED.fiscal_years,
           price_history = EXCLUDED.price_history, source_conflicts = EXCLUDED.source_conflicts`,
        [
          batch.map((f) => f.symbol),
          batch.map((f) => f.currency),
          batch.map((f) => f.reportingCurrency),
          batch.map((f) => f.asOf),
          batch.map((f) => f.source),
          batch.map((f) => JSON.stringify(f.notes)),
          loadId,
          ...numeric.map((key) => batch.map((f) => f[key])),
          batch.map((f) => (f.fiscalYears ? JSON.stringify(f.fiscalYears) : null)),
          batch.map((f) => (f.priceHistory ? JSON.stringify(f.priceHistory) : null)),
          batch.map((f) => (f.sourceConflicts?.length ? JSON.stringify(f.sourceConflicts) : null)),
        ],
      );
    }
    await db.query('DELETE FROM stock_fundamentals WHERE load_id <> $1', [loadId]);
  },

  /**
   * Medians over the analysable stocks of one market and sector, the stock being valued left
   * out (it would compare with itself): P/E and P/B over the peers where they are positive,
   * EV/EBITDA where enterprise value can be computed (market cap + debt − cash, all known) and
   * is positive over a positive EBITDA; each with the number of peers it was taken over. Also
   * every peer's own figures, so the report can pick the closest (same industry, similar size)
   * and name them. Null when the group has no peer with figures.
   */
  async sectorMedians(db: Queryable, peer: PeerGroup): Promise<SectorMedians | null> {
    const { rows } = await db.query<{
      symbol: string;
      name: string;
      industry: string | null;
      currency: string;
      market_cap: number | null;
      pe: number | null;
      pb: number | null;
      ev_to_ebitda: number | null;
      ev_to_sales: number | null;
      ps: number | null;
      as_of: string | null;
    }>(
      `SELECT s.symbol, s.name, s.industry, f.currency, f.as_of, f.market_cap, f.pe_ratio AS pe, f.price_to_book AS pb, f.price_to_sales AS ps,
              CASE WHEN f.ebitda > 0 AND f.market_cap + f.total_debt - f.cash > 0
                   THEN (f.market_cap + f.total_debt - f.cash) / f.ebitda END AS ev_to_ebitda,
              CASE WHEN f.revenue > 0 AND f.market_cap + f.total_debt - f.cash > 0
                   THEN (f.market_cap + f.total_debt - f.cash) / f.revenue END AS ev_to_sales
         FROM stock_fundamentals f JOIN stocks s USING (symbol)
        WHERE s.market = $1 AND s.sector = $2 AND s.status = 'active' AND s.symbol <> $3 AND f.price > 0
        ORDER BY s.symbol`,
      [peer.market, peer.sector, peer.symbol],
    );
    if (rows.length === 0) return null;
    const positive = (values: (number | null)[]) => values.filter((v): v is number => v !== null && v > 0);
    const pe = positive(rows.map((r) => r.pe));
    const ev = positive(rows.map((r) => r.ev_to_ebitda));
    const pb = positive(rows.map((r) => r.pb));
    return {
      market: peer.market,
      sector: peer.sector,
      count: rows.length,
      pe: median(pe),
      peCount: pe.length,
      evToEbitda: median(ev),
      evToEbitdaCount: ev.length,
      pb: median(pb),
      pbCount: pb.length,
      peers: rows.map((r) => ({
        symbol: r.symbol,
        name: r.name,
        industry: r.industry,
        currency: r.currency,
        marketCap: r.market_cap,
        pe: r.pe,
        pb: r.pb,
        evToEbitda: r.ev_to_ebitda,
        evToSales: r.ev_to_sales,
        ps: r.ps,
        asOf: r.as_of,
      })),
    };
  },
};

/** The middle value (the mean of the two middle ones for an even count), as PostgreSQL's percentile_cont(0.5). */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2 : (sorted[Math.floor(mid)] as number);
}

export const loadsRepo = {
  async latest(db: Queryable): Promise<LoadRow | undefined> {
    const { rows } = await db.query<LoadRow>(
      `SELECT id::int AS id, fingerprint, loaded_at AS "loadedAt", stocks, fundamentals FROM stock_data_loads ORDER BY id DESC LIMIT 1`,
    );
    return rows[0];
  },

  async start(db: Queryable, fingerprint: string, files: unknown): Promise<number> {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO stock_data_loads (fingerprint, files, stocks, fundamentals, duration_ms) VALUES ($1, $2, 0, 0, 0) RETURNING id::int AS id`,
      [fingerprint, JSON.stringify(files)],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('stock_data_loads: no id returned');
    return id;
  },

  async finish(db: Queryable, id: number, counts: { stocks: number; fundamentals: number; durationMs: number }): Promise<void> {
    await db.query('UPDATE stock_data_loads SET stocks = $2, fundamentals = $3, duration_ms = $4 WHERE id = $1', [
      id,
      counts.stocks,
      counts.fundamentals,
      counts.durationMs,
    ]);
  },
};
