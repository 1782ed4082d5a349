/**
 * Loads the bundled market data (services/analysis/data/market) into the analysis database:
 * `npm run load-stocks` (add `-- --force` to reload unchanged files). It first prints the
 * compiled Hang Seng companies that fail the loader's checks (loaded as no_data, with the
 * reason) and the count; `npm run check:data` prints every company's checks.
 *
 * Re-runnable: with the same files it does nothing; after a newer file is dropped in (and its
 * date updated in data/market/manifest.json) it updates the changed rows, replaces the
 * figures and marks symbols the files no longer hold inactive. The service also runs it on
 * start, so this command is for loading without a restart.
 *
 * Distributed: set DATABASE_URL (or ANALYSIS_DATABASE_URL) as for the analysis service.
 * All-in-one: run it while `npm start` is stopped (the embedded database under DATA_DIR,
 * default ./data, is opened by one process at a time).
 */
import path from 'node:path';
import {
  PLATFORM_MIGRATIONS_DIR,
  createPgliteDatabase,
  createPostgresDatabase,
  type Database,
  databaseUrlFor,
  migrate,
} from '@stockai/platform';
import { parseBundle, readBundleFiles } from '../universe/bundle';
import { formatCheckReport } from '../universe/check-report';
import { loadUniverse } from '../universe/loader';

async function main() {
  const force = process.argv.includes('--force');
  // The checks the compiled Hang Seng figures went through (the full report: npm run check:data).
  const { checks } = parseBundle(readBundleFiles());
  console.log(formatCheckReport(checks, new Map(), { onlyFailed: true }));
  const distributed = Boolean(process.env.DATABASE_URL ?? process.env.ANALYSIS_DATABASE_URL);
  const db: Database = distributed
    ? createPostgresDatabase(await databaseUrlFor('analysis', process.env.DATABASE_URL ?? ''))
    : await createPgliteDatabase(path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'analysis'));
  try {
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
    await migrate(db, path.join(__dirname, '..', '..', 'migrations'));
    const result = await loadUniverse(db, { force });
    console.log(
      result.loaded
        ? `Loaded ${result.stocks} stocks and ${result.fundamentals} sets of figures in ${result.durationMs} ms (load ${result.loadId}; ${result.retired} symbols no longer in the files marked inactive)`
        : `Already loaded (load ${result.loadId}: ${result.stocks} stocks); use --force to reload`,
    );
  } finally {
    await db.close();
  }
}

void main();
