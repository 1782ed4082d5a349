/**
 * How long one round of the watchlist alerts' evaluation takes (ADR 0069) on PostgreSQL with
 * the bundled snapshot's prices: `BENCH_MEMBERS` members (default 200) each following 10 stocks
 * with one price alert and one report alert on each, so 20 alerts a member. Three kinds of
 * round, `BENCH_RUNS` each (default 3): quiet (nothing across: the common case), firing (every
 * price alert across: one transaction per alert) and after firing (all fired, nothing re-arms).
 * Reports the median wall time per round and per 1,000 alerts.
 *
 * Usage: `npx tsx bench/alert-round.ts` (DATABASE_URL etc. as the tests: a throwaway database
 * holds the universe).
 */
import path from 'node:path';
import { createLogger, migrateServiceSchema } from '@stockai/platform';
import { createTestDatabase } from '@stockai/platform/src/testing';
import { snapshotQuotes } from '../services/analysis/src/market-data/quotes';
import { createUniverse } from '../services/analysis/src/universe';
import { alertEvaluation } from '../services/analysis/src/watchlist/evaluation';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const logger = createLogger('bench', 'silent');
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

async function main() {
  const { db, drop } = await createTestDatabase();
  try {
    await migrateServiceSchema(db, path.join(__dirname, '..', 'services', 'analysis', 'migrations'));
    const universe = createUniverse(db, { logger });
    await universe.ensureLoaded();
    const priced = (
      await db.query<{ symbol: string; price: number }>('SELECT symbol, price FROM stock_fundamentals WHERE price > 0 LIMIT 200')
    ).rows;
    // Every member follows 10 of the 200 stocks, with an alert above twice the price (quiet) and a report alert.
    await db.query(
      `INSERT INTO watchlist_items (user_id, symbol)
       SELECT m.id, s.symbol FROM (SELECT gen_random_uuid() AS id, n FROM generate_series(1, $1) n) m
       JOIN LATERAL (SELECT symbol FROM unnest($2::text[]) WITH ORDINALITY t(symbol, i) WHERE (t.i + m.n) % 20 = 0 LIMIT 10) s ON true`,
      [MEMBERS, priced.map((p) => p.symbol)],
    );
    await db.query(
      `INSERT INTO watchlist_alerts (id, user_id, symbol, kind, price)
       SELECT gen_random_uuid(), w.user_id, w.symbol, 'price_above', f.price * 2 FROM watchlist_items w JOIN stock_fundamentals f USING (symbol)
       UNION ALL
       SELECT gen_random_uuid(), w.user_id, w.symbol, 'report_thresholds', NULL FROM watchlist_items w`,
    );
    const alerts = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM watchlist_alerts')).rows[0]?.n);
    const sut = alertEvaluation({
      db,
      quotes: snapshotQuotes(db),
      findStock: (s) => universe.find(s),
      logger,
      afterCommit: () => undefined,
    });

    const time = async (label: string, prepare?: () => Promise<unknown>) => {
      const times: number[] = [];
      let fired = 0;
      for (let i = 0; i < RUNS; i++) {
        await prepare?.();
        const start = performance.now();
        fired += (await sut.evaluateOnce()).fired;
        times.push(performance.now() - start);
      }
      const ms = median(times);
      console.log(
        `${label}: median ${ms.toFixed(0)} ms per round, ${((ms * 1000) / alerts).toFixed(1)} ms per 1,000 alerts, ${fired} fired`,
      );
    };
    console.log(`${MEMBERS} members, ${alerts} alerts on ${priced.length} stocks, ${RUNS} rounds each`);
    await time('quiet');
    // Every price alert made true again and re-armed before each round: each one fires.
    await time('firing', () =>
      db.query("UPDATE watchlist_alerts SET armed = true, price = 0.001 WHERE kind = 'price_above'").then(() => undefined),
    );
    await time('after firing');
  } finally {
    await drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
