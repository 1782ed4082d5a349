import path from 'node:path';
import { type Database, createLogger, createPostgresDatabase, migrateServiceSchema } from '@stockai/platform';
import { createTestDatabase, type TestDatabase } from '@stockai/platform/src/testing';
import { snapshotQuotes } from '../../../services/analysis/src/market-data/quotes';
import { createUniverse } from '../../../services/analysis/src/universe';
import { type AlertEvaluation, alertEvaluation } from '../../../services/analysis/src/watchlist/evaluation';
import { watchlistRepo } from '../../../services/analysis/src/watchlist/repo';

jest.setTimeout(120_000);

const MIGRATIONS = path.join(__dirname, '..', '..', '..', 'services', 'analysis', 'migrations');
const USER = '3f0c6a52-0d3e-4c55-9a51-7d9b6b0c1a01';
const SYMBOL = 'AAPL';

/**
 * The alerts' evaluation on the real PostgreSQL with the bundled snapshot's prices: a crossing
 * fires exactly once whether two evaluators (two processes' connections) run at the same moment
 * or one is replaced by a new one (a restart), and a fired alert re-arms only past the margin.
 * The price moves as a newer load of the snapshot moves it: the stock's figures row changes.
 */
describe('alert evaluation', () => {
  let database: TestDatabase;
  let other: Database;
  const logger = createLogger('analysis', 'silent');
  let price: number;

  const evaluator = (db: Database): AlertEvaluation =>
    alertEvaluation({
      db,
      quotes: snapshotQuotes(db),
      findStock: (symbol) => createUniverse(db).find(symbol),
      logger,
      afterCommit: () => undefined,
    });

  const notifications = async () =>
    (
      await database.db.query<{ crossing_key: string; title: string }>(
        'SELECT crossing_key, title FROM notifications WHERE user_id = $1 ORDER BY created_at',
        [USER],
      )
    ).rows;
  const announced = async () =>
    Number(
      (await database.db.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE type = 'notification.created'")).rows[0]?.n ?? 0,
    );
  const setPrice = (value: number) => database.db.query('UPDATE stock_fundamentals SET price = $1 WHERE symbol = $2', [value, SYMBOL]);

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateServiceSchema(database.db, MIGRATIONS);
    await createUniverse(database.db).ensureLoaded();
    other = createPostgresDatabase(database.url);
    const quote = (await snapshotQuotes(database.db).quotes([SYMBOL])).get(SYMBOL);
    expect(quote?.price).toEqual(expect.any(Number));
    price = quote?.price as number;
    await database.db.transaction((tx) => watchlistRepo.add(tx, USER, SYMBOL, 10));
  });

  afterAll(async () => {
    await other?.close();
    await database?.drop();
  });

  it('fires an alert already true at creation once, with two evaluators at once and after a restart', async () => {
    const alert = await watchlistRepo.addAlert(database.db, {
      id: crypto.randomUUID(),
      userId: USER,
      symbol: SYMBOL,
      kind: 'price_above',
      price: price * 0.9,
    });
    expect(alert).not.toBeNull();

    const first = evaluator(database.db);
    const second = evaluator(other);
    const rounds = await Promise.all([first.evaluateOnce(), second.evaluateOnce()]);
    expect(rounds.map((r) => r.fired).reduce((a, b) => a + b)).toBe(1);
    for (let i = 0; i < 3; i++) await Promise.all([first.evaluateOnce(), second.evaluateOnce()]);

    // A restarted process: a new connection and a new evaluator over the same rows.
    const restarted = createPostgresDatabase(database.url);
    try {
      expect((await evaluator(restarted).evaluateOnce()).fired).toBe(0);
    } finally {
      await restarted.close();
    }

    const written = await notifications();
    expect(written).toEqual([{ crossing_key: `${alert?.id}:1`, title: expect.stringContaining('AAPL') }]);
    expect(written[0]?.title).toContain('升穿');
    expect(await announced()).toBe(1);
    const [row] = await watchlistRepo.alertsOf(database.db, USER);
    expect(row).toMatchObject({ armed: false, crossings: 1, last_fired_at: expect.any(Date) });
  });

  it('re-arms only once the price is back across by the margin, then fires the next crossing once', async () => {
    const [alert] = await watchlistRepo.alertsOf(database.db, USER);
    const threshold = alert?.price as number;
    const sut = evaluator(database.db);

    // Back below, but within 2 % of the threshold: still fired, nothing new.
    await setPrice(threshold * 0.99);
    expect(await sut.evaluateOnce()).toMatchObject({ fired: 0, rearmed: 0 });
    await setPrice(threshold * 1.01);
    expect(await sut.evaluateOnce()).toMatchObject({ fired: 0, rearmed: 0 });

    // Back by the margin: re-armed; across again: the second crossing fires once.
    await setPrice(threshold * 0.97);
    expect(await sut.evaluateOnce()).toMatchObject({ fired: 0, rearmed: 1 });
    await setPrice(threshold * 1.05);
    const rounds = await Promise.all([sut.evaluateOnce(), evaluator(other).evaluateOnce()]);
    expect(rounds.map((r) => r.fired).reduce((a, b) => a + b)).toBe(1);
    expect((await notifications()).map((n) => n.crossing_key)).toEqual([`${alert?.id}:1`, `${alert?.id}:2`]);
    expect(await announced()).toBe(2);
  });

  it('fires a stale-report alert when newer figures are loaded than the report used', async () => {
    await database.db.query(
      `INSERT INTO analyses (id, user_id, symbol, status, progress, message, results, completed_at)
       VALUES ($1, $2, $3, 'completed', 100, 'done', $4, now())`,
      [
        crypto.randomUUID(),
        USER,
        SYMBOL,
        JSON.stringify({
          basic: { currentPrice: price },
          valuation: { recommendation: 'hold', fairValue: price, uncertainty: 'medium' },
          dataAsOf: '2000-01-01',
        }),
      ],
    );
    await setPrice(price);
    await watchlistRepo.addAlert(database.db, { id: crypto.randomUUID(), userId: USER, symbol: SYMBOL, kind: 'report_stale', price: null });

    expect(await evaluator(database.db).evaluateOnce()).toMatchObject({ fired: 1 });
    expect((await notifications()).at(-1)?.title).toContain('報告已過時');
  });
});
