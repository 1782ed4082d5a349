import path from 'node:path';
import { type Cache, createLogger, createRedisCache, migrateServiceSchema } from '@stockai/platform';
import { createTestDatabase, type TestDatabase, testInfra, uniqueName } from '@stockai/platform/src/testing';
import { snapshotQuotes, yahooQuotes } from '../../../services/analysis/src/market-data/quotes';
import { yahooCache } from '../../../services/analysis/src/market-data/yahoo-cache';
import { createYahooClient } from '../../../services/analysis/src/market-data/yahoo-client';
import { money } from '../../../services/analysis/src/report/format';
import { createUniverse } from '../../../services/analysis/src/universe';
import { alertEvaluation } from '../../../services/analysis/src/watchlist/evaluation';
import { watchlistRepo } from '../../../services/analysis/src/watchlist/repo';
import { fixtureQuote } from '../../support/yahoo-fixtures';
import { startYahooStandIn, type YahooStandIn } from '../../support/yahoo-stand-in';

jest.setTimeout(120_000);

const MIGRATIONS = path.join(__dirname, '..', '..', '..', 'services', 'analysis', 'migrations');
const USER = '7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/**
 * Alerts on Yahoo Finance's prices: yahoo-finance2 talking to the loopback Yahoo stand-in, whose
 * quote moves across an alert's price and back; the real PostgreSQL and Redis. Also how the
 * quotes are asked: in batches, and kept for a while in the cache.
 */
describe('alerts on Yahoo prices', () => {
  let database: TestDatabase;
  let yahoo: YahooStandIn;
  let cache: Cache;
  const logger = createLogger('analysis', 'silent');
  const quoteRequests = () => yahoo.requests.filter((r) => r.startsWith('/v7/finance/quote')).length;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateServiceSchema(database.db, MIGRATIONS);
    await createUniverse(database.db).ensureLoaded();
    yahoo = await startYahooStandIn();
    cache = createRedisCache((await testInfra()).redisUrl, { keyPrefix: `${uniqueName('yahoo_alerts')}:` });
  });

  afterAll(async () => {
    await cache?.close();
    await yahoo?.close();
    await database?.drop();
  });

  const source = (ttlSeconds?: number) =>
    yahooQuotes({
      client: createYahooClient({ baseUrl: yahoo.url, timeoutMs: 8000, logger }),
      cache: yahooCache(cache, logger),
      snapshot: snapshotQuotes(database.db),
      logger,
      ttlSeconds,
    });

  it('fires when the quote moves across, not again while across, re-arms when it comes back by the margin, fires the next crossing', async () => {
    const start = fixtureQuote('AAPL').regularMarketPrice as number;
    const threshold = Math.round(start * 1.1);
    await database.db.transaction((tx) => watchlistRepo.add(tx, USER, 'AAPL', 10));
    await watchlistRepo.addAlert(database.db, {
      id: crypto.randomUUID(),
      userId: USER,
      symbol: 'AAPL',
      kind: 'price_above',
      price: threshold,
    });
    const sut = alertEvaluation({
      db: database.db,
      // Not kept: each round sees the stand-in's price of the moment.
      quotes: source(0),
      findStock: (symbol) => createUniverse(database.db).find(symbol),
      logger,
      afterCommit: () => undefined,
    });

    expect(await sut.evaluateOnce()).toMatchObject({ fired: 0, rearmed: 0 });
    yahoo.movePrice('AAPL', threshold * 1.05);
    expect(await sut.evaluateOnce()).toMatchObject({ fired: 1 });
    expect(await sut.evaluateOnce()).toMatchObject({ fired: 0 });
    // Back under the price but within 2 % of it: nothing.
    yahoo.movePrice('AAPL', threshold * 0.99);
    expect(await sut.evaluateOnce()).toMatchObject({ fired: 0, rearmed: 0 });
    yahoo.movePrice('AAPL', threshold * 0.95);
    expect(await sut.evaluateOnce()).toMatchObject({ fired: 0, rearmed: 1 });
    yahoo.movePrice('AAPL', threshold * 1.2);
    expect(await sut.evaluateOnce()).toMatchObject({ fired: 1 });

    const { rows } = await database.db.query<{ body: string }>('SELECT body FROM notifications WHERE user_id = $1 ORDER BY created_at', [
      USER,
    ]);
    expect(rows).toHaveLength(2);
    // Each names the price Yahoo quoted at its crossing.
    expect(rows[0]?.body).toContain(money(threshold * 1.05, 'USD'));
    expect(rows[1]?.body).toContain(money(threshold * 1.2, 'USD'));
  });

  it('asks Yahoo in batches of 50 and reuses an answer within its time, the snapshot standing in for what Yahoo lacks', async () => {
    const listed = await snapshotQuotes(database.db).quotes((await createUniverse(database.db).list()).map((s) => s.symbol));
    const symbols = [...listed.keys()].filter((s) => s !== 'AAPL').slice(0, 59);
    symbols.push('AAPL');
    yahoo.movePrice('AAPL', 123.45);
    const sut = source();
    const before = quoteRequests();

    const first = await sut.quotes(symbols);
    expect(quoteRequests() - before).toBe(2);
    expect(first.get('AAPL')).toMatchObject({ price: 123.45 });
    const other = symbols.find((s) => s !== 'AAPL' && s !== '0700.HK') as string;
    const snapshot = (await snapshotQuotes(database.db).quotes([other])).get(other);
    expect(first.get(other)).toEqual(snapshot);

    yahoo.movePrice('AAPL', 150);
    const again = await sut.quotes(symbols);
    expect(quoteRequests() - before).toBe(2);
    expect(again.get('AAPL')).toMatchObject({ price: 123.45 });
  });
});
