import type { Database } from '@stockai/platform';
import { BUNDLED_MARKET_DATA, parseBundle, readBundleFiles } from './bundle';
import { fundamentalsRepo, loadsRepo, stocksRepo } from './repo';

export interface LoadResult {
  /** False when the newest load already has these files' fingerprint (nothing to do). */
  loaded: boolean;
  loadId: number;
  stocks: number;
  fundamentals: number;
  /** Symbols the files no longer hold, now marked inactive. */
  retired: number;
  durationMs: number;
}

const RETIRED_REASON = '此代碼已不在最新的市場資料檔中（可能已除牌、被收購或更改代碼），暫不提供分析。';

/**
 * Loads the bundled market data into the stock tables, in one transaction: every listing is
 * upserted (a newer file updates its rows), figures are replaced, and symbols the files no
 * longer hold are marked inactive. Re-runnable: with the same files (same fingerprint) it does
 * nothing unless `force`. Concurrent starts serialise on an advisory lock, so one loads and the
 * others find it done.
 */
export async function loadUniverse(db: Database, options: { dir?: string; force?: boolean } = {}): Promise<LoadResult> {
  const started = Date.now();
  const bundle = readBundleFiles(options.dir ?? BUNDLED_MARKET_DATA);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('stock_data_load'))");
    const latest = await loadsRepo.latest(tx);
    if (latest && latest.fingerprint === bundle.fingerprint && !options.force) {
      return {
        loaded: false,
        loadId: latest.id,
        stocks: latest.stocks,
        fundamentals: latest.fundamentals,
        retired: 0,
        durationMs: Date.now() - started,
      };
    }
    const universe = parseBundle(bundle);
    const loadId = await loadsRepo.start(tx, bundle.fingerprint, bundle.files);
    await stocksRepo.upsert(tx, universe.listings, loadId);
    const retired = await stocksRepo.retireMissing(tx, loadId, RETIRED_REASON);
    await fundamentalsRepo.replace(tx, universe.fundamentals, loadId);
    const result = { stocks: universe.listings.length, fundamentals: universe.fundamentals.length, durationMs: Date.now() - started };
    await loadsRepo.finish(tx, loadId, result);
    return { loaded: true, loadId, retired, ...result };
  });
}
