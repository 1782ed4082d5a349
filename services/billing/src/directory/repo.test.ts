import { randomUUID } from 'node:crypto';
import type { Database } from '@stockai/platform';
import { billingTestDatabase } from '../testing/database';
import { userDirectoryRepo as sut } from './repo';

/** Billing's user directory on real PostgreSQL, kept from events that may come late or out of order. */
describe('userDirectoryRepo', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await billingTestDatabase());
  });
  afterAll(() => drop());

  const row = async (userId: string) =>
    (
      await db.query<{ email: string; first_name: string; name_changed_at: Date | null }>(
        'SELECT email, first_name, name_changed_at FROM user_directory WHERE user_id = $1',
        [userId],
      )
    ).rows[0];
  const registration = (userId: string) => ({
    userId,
    email: `${userId}@example.com`,
    firstName: 'Ada',
    lastName: 'L',
    registeredAt: '2026-11-23T00:00:00Z',
  });

  it('keeps a name change reported before the registration arrives, and the newest change only', async () => {
    const userId = randomUUID();
    await sut.markNameChanged(db, userId, '2026-11-24T00:00:00Z');
    await sut.register(db, registration(userId));
    await sut.markNameChanged(db, userId, '2026-11-23T12:00:00Z');
    expect(await row(userId)).toEqual({
      email: `${userId}@example.com`,
      first_name: 'Ada',
      name_changed_at: new Date('2026-11-24T00:00:00Z'),
    });
  });

  it('registers once however often the event is delivered', async () => {
    const userId = randomUUID();
    await sut.register(db, registration(userId));
    await sut.register(db, registration(userId));
    expect((await db.query('SELECT 1 FROM user_directory WHERE user_id = $1', [userId])).rowCount).toBe(1);
    expect((await row(userId))?.name_changed_at).toBeNull();
  });
});
