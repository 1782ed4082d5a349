import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type EventEnvelope, type Subscription, PLATFORM_MIGRATIONS_DIR, createLogger, migrate } from '@stockai/platform';
import { type TestDatabase, createTestDatabase } from '@stockai/platform/src/testing';
import { investorTypeSubscriptions } from './consumers';
import { investorPreferencesRepo, investorTypesRepo } from './repo';

/** The consumer of `user.updated` that keeps each user's investor type, on real PostgreSQL. */
describe('investor type consumer', () => {
  let test: TestDatabase;
  let sut: Subscription;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.db, PLATFORM_MIGRATIONS_DIR);
    await migrate(test.db, path.join(__dirname, '..', '..', 'migrations'));
    sut = investorTypeSubscriptions(test.db, createLogger('analysis', 'silent'))[0]!;
  });

  afterAll(() => test?.drop());

  const at = (second: number) => new Date(Date.UTC(2026, 10, 23, 9, 0, second)).toISOString();
  const updated = (userId: string, occurredAt: string, data: Record<string, unknown>): EventEnvelope => ({
    id: randomUUID(),
    type: 'user.updated',
    version: 1,
    occurredAt,
    data: { userId, fields: ['riskTolerance'], ...data },
  });
  const deliver = (event: EventEnvelope) => sut.handler(event, { attempt: 1, queue: sut.queue });

  it('listens on its own queue to user.updated', () => {
    expect(sut).toMatchObject({ queue: 'analysis.user-profiles', patterns: ['user.updated'] });
  });

  it('keeps the later change when the events arrive in order', async () => {
    const userId = randomUUID();

    await deliver(updated(userId, at(1), { investorType: 'growth' }));
    expect(await investorTypesRepo.find(test.db, userId)).toBe('growth');
    await deliver(updated(userId, at(2), { investorType: 'conservative' }));

    expect(await investorTypesRepo.find(test.db, userId)).toBe('conservative');
  });

  it('keeps the later change when an earlier event arrives after it', async () => {
    const userId = randomUUID();

    await deliver(updated(userId, at(2), { investorType: 'conservative' }));
    await deliver(updated(userId, at(1), { investorType: 'growth' }));

    expect(await investorTypesRepo.find(test.db, userId)).toBe('conservative');
  });

  it('keeps a cleared type cleared when an earlier type arrives late', async () => {
    const userId = randomUUID();

    await deliver(updated(userId, at(1), { investorType: 'aggressive' }));
    await deliver(updated(userId, at(3), { investorType: null }));
    await deliver(updated(userId, at(2), { investorType: 'stable' }));

    expect(await investorTypesRepo.find(test.db, userId)).toBeNull();
    const { rows } = await test.db.query<{ updated_at: Date }>('SELECT updated_at FROM investor_types WHERE user_id = $1', [userId]);
    expect(rows[0]?.updated_at.toISOString()).toBe(at(3));
  });

  it('applies a redelivered event once, so it cannot undo a change made after it', async () => {
    const userId = randomUUID();
    const first = updated(userId, at(1), { investorType: 'growth' });

    await deliver(first);
    await deliver(updated(userId, at(1), { investorType: 'stable' }));
    await deliver(structuredClone(first));

    expect(await investorTypesRepo.find(test.db, userId)).toBe('stable');
  });

  it('ignores updates without an investor type: a password change, an event older than the field', async () => {
    const userId = randomUUID();
    const stranger = randomUUID();

    await deliver(updated(userId, at(1), { investorType: 'growth' }));
    await deliver({ ...updated(userId, at(2), {}), data: { userId, fields: ['password'] } });
    await deliver({ ...updated(stranger, at(2), {}), data: { userId: stranger, fields: ['firstName'] } });

    expect(await investorTypesRepo.find(test.db, userId)).toBe('growth');
    const { rows } = await test.db.query('SELECT 1 FROM investor_types WHERE user_id = $1', [stranger]);
    expect(rows).toHaveLength(0);
  });

  it('refuses an investor type that is not a risk profile, for the dead-letter queue', async () => {
    const userId = randomUUID();

    await expect(deliver(updated(userId, at(1), { investorType: 'bold' }))).rejects.toThrow();
    expect(await investorTypesRepo.find(test.db, userId)).toBeNull();
  });

  it('keeps the preferences of the latest save, apart from the type, and forgets cleared ones', async () => {
    const userId = randomUUID();
    const income = { horizon: 'long', goals: ['income'], sectors: ['finance'] };

    await deliver(updated(userId, at(1), { preferences: income }));
    expect(await investorPreferencesRepo.find(test.db, userId)).toEqual(income);
    expect(await investorTypesRepo.find(test.db, userId)).toBeNull();
    await deliver(updated(userId, at(3), { investorType: 'stable', preferences: { horizon: 'short', goals: [], sectors: [] } }));
    await deliver(updated(userId, at(2), { investorType: 'growth', preferences: income }));

    expect(await investorPreferencesRepo.find(test.db, userId)).toEqual({ horizon: 'short', goals: [], sectors: [] });
    expect(await investorTypesRepo.find(test.db, userId)).toBe('stable');
    await deliver(updated(userId, at(4), { preferences: { horizon: null, goals: [], sectors: [] } }));
    expect(await investorPreferencesRepo.find(test.db, userId)).toBeNull();
    expect(await investorTypesRepo.find(test.db, userId)).toBe('stable');
  });
});
