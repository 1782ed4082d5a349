/**
 * What the Yahoo cache saves (ADR 0045): the market data of one stock through the real
 * yahoo-finance2 client and the loopback Yahoo stand-in, fetched `BENCH_RUNS` times cold (no
 * cache: statements, the stock's and the index's daily prices asked every time) and warm
 * (the platform's memory cache filled by a first fetch: only the quote asked). Reports the
 * median wall time per fetch and the Yahoo requests per fetch for AAPL and 0700.HK. The
 * client's own queue (2 at once, starts 250 ms apart: yahoo-client.ts) is part of the time,
 * as it is in production; the stand-in answers at once, so real Yahoo adds its latency on top.
 *
 * Usage: `npx tsx bench/yahoo-market-data.ts` (env BENCH_RUNS, default 10; DATABASE_URL etc.
 * as the tests: a throwaway database holds the universe).
 */
import { createLogger, createMemoryCache, migrate, PLATFORM_MIGRATIONS_DIR } from '@stockai/platform';
import { createTestDatabase } from '@stockai/platform/src/testing';
import path from 'node:path';
import { createMarketDataProvider } from '../services/analysis/src/market-data';
import { loadUniverse } from '../services/analysis/src/universe/loader';
import { startYahooStandIn } from '../tests/support/yahoo-stand-in';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const logger = createLogger('bench', 'silent');
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

async function main() {
  const { db, drop } = await createTestDatabase();
  const yahoo = await startYahooStandIn();
  try {
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
    await migrate(db, path.join(__dirname, '..', 'services', 'analysis', 'migrations'));
    await loadUniverse(db);
    for (const symbol of ['AAPL', '0700.HK']) {
      for (const mode of ['cold', 'warm'] as const) {
        const provider = createMarketDataProvider({
          source: 'yahoo',
          db,
          logger,
          yahoo: { baseUrl: yahoo.url },
          cache: mode === 'warm' ? createMemoryCache() : undefined,
        });
        await provider.fetch(symbol); // the crumb and, warm, the cache
        const times: number[] = [];
        const before = yahoo.requests.length;
        for (let i = 0; i < RUNS; i++) {
          const t0 = performance.now();
          const data = await provider.fetch(symbol);
          times.push(performance.now() - t0);
          if (data.source !== 'yahoo') throw new Error(`${symbol}: Yahoo stand-in not used`);
        }
        const requests = (yahoo.requests.length - before) / RUNS;
        console.log(`${symbol} ${mode}: median ${median(times).toFixed(0)} ms per fetch, ${requests} Yahoo requests per fetch`);
      }
    }
  } finally {
    await yahoo.close();
    await drop();
  }
}

void main();
