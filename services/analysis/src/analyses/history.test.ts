import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PLATFORM_MIGRATIONS_DIR, migrate } from '@stockai/platform';
import { type TestDatabase, createTestDatabase } from '@stockai/platform/src/testing';
import { analysisHistory } from './history';

/** The progress overlay's estimate, from the durations of the last completed analyses, on real PostgreSQL. */
describe('analysis duration estimate', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.db, PLATFORM_MIGRATIONS_DIR);
    await migrate(test.db, path.join(__dirname, '..', '..', 'migrations'));
  });

  afterAll(() => test?.drop());

  /** A completed analysis that took `ms` milliseconds, finished `agoSeconds` ago. */
  const completed = (ms: number, agoSeconds: number) =>
    test.db.query(
      `INSERT INTO analyses (id, user_id, symbol, message, status, progress, created_at, completed_at)
       VALUES ($1, $2, 'AAPL', 'done', 'completed', 100,
               now() - make_interval(secs => $3) - make_interval(secs => $4 / 1000.0), now() - make_interval(secs => $3))`,
      [randomUUID(), randomUUID(), agoSeconds, ms],
    );

  it('is null before any analysis completed, then the median rounded up to a tenth, never 0 s', async () => {
    const sut = analysisHistory(test.db);
    await expect(sut.durationEstimate()).resolves.toEqual({ seconds: null, basedOn: 0 });

    // Faster than 50 ms: rounded to the nearest tenth this said 0 s.
    await completed(30, 30);
    await expect(sut.durationEstimate()).resolves.toEqual({ seconds: 0.1, basedOn: 1 });

    await completed(2_340, 20);
    await completed(4_000, 10);
    // The median of 0.03, 2.34 and 4 s.
    await expect(sut.durationEstimate()).resolves.toEqual({ seconds: 2.4, basedOn: 3 });
  });
});
