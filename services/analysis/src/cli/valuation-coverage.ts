/**
 * The valuation's spread over every bundled stock with figures (the S&P 500 and the Hong Kong
 * rows): `npx tsx services/analysis/src/cli/valuation-coverage.ts [YYYY-MM-DD]` prints the
 * counts of calls, risk levels, uncertainty and kinds of company, the four investor types'
 * actions (`avoid` among them), and every breach of the rules the coverage test enforces. Runs on a throw-away embedded database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLATFORM_MIGRATIONS_DIR, createPgliteDatabase, migrate } from '@stockai/platform';
import { valuationCoverage } from '../report/coverage';
import { loadUniverse } from '../universe/loader';
import { createUniverse } from '../universe/service';

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coverage-'));
  const db = await createPgliteDatabase(dir);
  try {
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
    await migrate(db, path.join(__dirname, '..', '..', 'migrations'));
    await loadUniverse(db);
    const { rows } = await db.query<{ symbol: string }>('SELECT symbol FROM stock_fundamentals ORDER BY symbol');
    const now = process.argv[2] ? new Date(`${process.argv[2]}T12:00:00Z`) : new Date();
    const { figures, rows: valued } = await valuationCoverage(
      createUniverse(db),
      rows.map((r) => r.symbol),
      now,
    );
    console.log(JSON.stringify(figures, null, 2));
    const detail = valued.find((r) => r.symbol === process.env.COVERAGE_SYMBOL);
    if (detail) console.log(JSON.stringify(detail.valuation, null, 1));
    if (process.env.COVERAGE_ROWS)
      for (const r of valued)
        console.log(
          r.symbol,
          r.price,
          r.valuation.fairValue,
          r.valuation.upside,
          r.valuation.recommendation,
          r.valuation.uncertainty,
          r.valuation.riskLevel,
          r.valuation.companyKind,
          r.valuation.discountRate?.costOfEquity,
          r.actions.join('/'),
          r.sizes.join('/'),
        );
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
