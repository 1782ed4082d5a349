import { randomUUID } from 'node:crypto';
import type { Database } from '@stockai/platform';
import { billingTestDatabase } from '../testing/database';
import { requestKeys } from './service';

/** An Idempotency-Key bound to the body it was first sent with, on real PostgreSQL. */
describe('requestKeys', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await billingTestDatabase());
  });
  afterAll(() => drop());

  it('lets the same body through again (keys in any order), and refuses another with 422', async () => {
    const sut = requestKeys(db);
    const userId = randomUUID();
    await sut.bind(userId, 'subscribe', 'k', { planId: 'vip', billingCycle: 'monthly' });
    await sut.bind(userId, 'subscribe', 'k', { billingCycle: 'monthly', planId: 'vip' });
    await expect(sut.bind(userId, 'subscribe', 'k', { planId: 'vip', billingCycle: 'yearly' })).rejects.toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('binds a key per user and route, and one of two racing bodies only', async () => {
    const sut = requestKeys(db);
    const [ada, bob] = [randomUUID(), randomUUID()];
    await sut.bind(ada, 'topup', 'shared', { amount: 1 });
    await sut.bind(bob, 'topup', 'shared', { amount: 2 });
    await sut.bind(ada, 'payment-intent', 'shared', { packageType: 'basic' });
    const racing = await Promise.allSettled([sut.bind(ada, 'topup', 'race', { amount: 1 }), sut.bind(ada, 'topup', 'race', { amount: 2 })]);
    expect(racing.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('binds nothing without a key', async () => {
    await expect(requestKeys(db).bind(randomUUID(), 'topup', undefined, { amount: 1 })).resolves.toBeUndefined();
  });
});
