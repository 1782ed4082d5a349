import path from 'node:path';
import { type Database, PLATFORM_MIGRATIONS_DIR, migrate } from '@stockai/platform';
import { type TestDatabase, createTestDatabase } from '@stockai/platform/src/testing';
import type { MarketData } from '../market-data/types';
import type { ValuationResult } from '../report/types';
import { resultCache } from './service';

/** The result cache's reuse of what this process read or wrote, on real PostgreSQL. */
describe('result cache: one read serves a burst', () => {
  let test: TestDatabase;
  let reads: number;
  /** The test database, counting the cache reads sent to it. */
  let db: Database;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.db, PLATFORM_MIGRATIONS_DIR);
    await migrate(test.db, path.join(__dirname, '..', '..', 'migrations'));
    db = Object.assign(Object.create(test.db) as Database, {
      query: (sql: string, params?: unknown[]) => {
        if (sql.startsWith('SELECT * FROM analysis_result_cache')) reads++;
        return test.db.query(sql, params);
      },
    });
  });
  beforeEach(async () => {
    reads = 0;
    await test.db.query('DELETE FROM analysis_result_cache');
  });
  afterAll(() => test?.drop());

  const entry = (symbol: string, price: number) => ({
    symbol,
    marketData: { symbol, price, priceHistory: { weekly: [{ date: '2026-11-20', close: price }] } } as unknown as MarketData,
    sectorMedians: null,
    valuation: { models: [{ id: 'pe', value: price * 1.1 }] } as unknown as ValuationResult,
  });
  /** Writes an entry as another process would: behind this process's back. */
  const storedElsewhere = (symbol: string, price: number, ageSeconds = 0) =>
    test.db.query(
      `INSERT INTO analysis_result_cache (symbol, market_data, sector_medians, valuation, cached_at)
       VALUES ($1, $2::text::jsonb, NULL, $3::text::jsonb, now() - make_interval(secs => $4))
       ON CONFLICT (symbol) DO UPDATE SET market_data = EXCLUDED.market_data, valuation = EXCLUDED.valuation, cached_at = EXCLUDED.cached_at`,
      [symbol, JSON.stringify(entry(symbol, price).marketData), JSON.stringify(entry(symbol, price).valuation), ageSeconds],
    );

  it('answers reads made at once, and reads within the reuse time, with one read; what it hands out is frozen', async () => {
    await storedElsewhere('AAPL', 190);
    const cache = resultCache(db, 6);
    const [a, b, c] = await Promise.all([cache.fresh('AAPL'), cache.fresh('AAPL'), cache.fresh('AAPL')]);
    expect(reads).toBe(1);
    expect(a?.marketData.price).toBe(190);
    expect(b).toBe(a);
    expect(c).toBe(a);
    await expect(cache.fresh('AAPL')).resolves.toBe(a);
    expect(reads).toBe(1);
    // Shared by every analysis of the symbol: no report may change another's figures.
    expect(() => {
      (a!.marketData as { price: number }).price = 1;
    }).toThrow(TypeError);
    expect(() => {
      (a!.valuation.models as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it('reads again once the reuse time is over, and sees what another process wrote', async () => {
    await storedElsewhere('MSFT', 400);
    const cache = resultCache(db, 6, 0);
    expect((await cache.fresh('MSFT'))?.marketData.price).toBe(400);
    await storedElsewhere('MSFT', 410);
    expect((await cache.fresh('MSFT'))?.marketData.price).toBe(410);
    expect(reads).toBe(2);
  });

  it('keeps what it stores, keeps no miss, and forgets what an admin clears', async () => {
    const cache = resultCache(db, 6);
    await expect(cache.fresh('NVDA')).resolves.toBeUndefined();
    await storedElsewhere('NVDA', 140);
    // A miss is not kept: the entry another process wrote since is found.
    expect((await cache.fresh('NVDA'))?.marketData.price).toBe(140);
    expect(reads).toBe(2);

    await cache.store(entry('TSLA', 250));
    expect((await cache.fresh('TSLA'))?.marketData.price).toBe(250);
    expect(reads).toBe(2);

    expect(await cache.clear('TSLA')).toBe(true);
    await expect(cache.fresh('TSLA')).resolves.toBeUndefined();
    expect(await cache.clearAll()).toBe(1);
    await expect(cache.fresh('NVDA')).resolves.toBeUndefined();
    expect(reads).toBe(4);
  });

  it('never hands out an entry past its TTL, however recently it was read', async () => {
    const ttlHours = 1;
    // Written so that it expires a moment from now.
    await storedElsewhere('AMZN', 200, ttlHours * 3600 - 0.3);
    const cache = resultCache(db, ttlHours, 60_000);
    const read = await cache.fresh('AMZN');
    expect(read?.marketData.price).toBe(200);
    const expires = read!.cachedAt.getTime() + ttlHours * 3_600_000;
    while (Date.now() <= expires) await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(cache.fresh('AMZN')).resolves.toBeUndefined();
    expect(reads).toBe(2);
  });

  it('keeps nothing with the cache off', async () => {
    await storedElsewhere('AAPL', 190);
    const cache = resultCache(db, 0);
    await expect(cache.fresh('AAPL')).resolves.toBeUndefined();
    await cache.store(entry('AAPL', 191));
    await expect(cache.fresh('AAPL')).resolves.toBeUndefined();
    expect(reads).toBe(0);
  });
});
