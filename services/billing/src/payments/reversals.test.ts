import { randomUUID } from 'node:crypto';
import type { Database } from '@stockai/platform';
import { ledgerRepo } from '../credits/repo';
import { creditsService } from '../credits/service';
import { billingTestDatabase, openTestAccount } from '../testing/database';
import { paymentsRepo } from './repo';
import { paymentReversals } from './reversals';

/** Refunds and disputes applied from the payment's cumulative state, on real PostgreSQL. */
describe('paymentReversals', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await billingTestDatabase());
  });
  afterEach(async () => expect(await ledgerRepo.mismatches(db)).toEqual([]));
  afterAll(() => drop());

  const credits = () => creditsService(db);
  const sut = () => paymentReversals({ db, credits: credits(), afterCommit: () => undefined });

  /** A paid package of 10 credits for HK$78.00, its credits granted. */
  async function paidPackage() {
    const userId = await openTestAccount(db);
    const intentId = `pi_${randomUUID()}`;
    await paymentsRepo.insert(db, {
      id: randomUUID(),
      userId,
      type: 'topup',
      packageType: 'basic',
      credits: 10,
      amount: 7800,
      currency: 'HKD',
      status: 'completed',
      provider: 'stripe',
      providerPaymentId: intentId,
    });
    await credits().grant(userId, 10, 'purchase', `payment:${intentId}`);
    const paid = async () => (await credits().balance(userId)).paidCredits;
    const payment = async () => (await paymentsRepo.byProviderId(db, intentId))!;
    return { userId, intentId, paid, payment };
  }

  it('takes back credits in proportion to what was refunded so far, once however often it is told', async () => {
    const { intentId, paid, payment } = await paidPackage();
    expect(await sut().refunded(intentId, 3900)).toMatchObject({ outcome: 'applied', changed: true });
    expect(await sut().refunded(intentId, 3900)).toMatchObject({ outcome: 'applied', changed: false });
    // An older state, read late, changes nothing.
    expect(await sut().refunded(intentId, 1000)).toMatchObject({ changed: false });
    expect(await paid()).toBe(5);
    expect(await payment()).toMatchObject({ status: 'completed', amount_refunded: 3900, credits_refunded: 5 });
    await sut().refunded(intentId, 7800);
    expect(await paid()).toBe(0);
    expect((await payment()).status).toBe('refunded');
  });

  it('never takes below zero, recording what was already spent as the shortfall', async () => {
    const { userId, intentId, paid, payment } = await paidPackage();
    // The day's 3 daily credits go first, then 7 of the 10 paid ones.
    for (let i = 0; i < 10; i++) await credits().debit(userId, 1, `analysis:${randomUUID()}`);
    await sut().refunded(intentId, 7800);
    expect(await paid()).toBe(0);
    expect(await payment()).toMatchObject({ credits_refunded: 10, credits_shortfall: 7 });
  });

  it('takes all back for a dispute, and gives it back once when the dispute is won', async () => {
    const { intentId, paid, payment } = await paidPackage();
    await sut().disputed(intentId, 'dp_1');
    await sut().disputed(intentId, 'dp_1');
    expect(await paid()).toBe(0);
    expect((await payment()).status).toBe('disputed');
    await sut().disputeWon(intentId, 'dp_1');
    await sut().disputeWon(intentId, 'dp_1');
    expect(await paid()).toBe(10);
    expect(await payment()).toMatchObject({ status: 'completed', credits_disputed: 0 });
    // A dispute state read before the win and applied after it takes nothing.
    await sut().disputed(intentId, 'dp_1');
    expect(await paid()).toBe(10);
  });

  it('answers unknown for a payment not recorded here, and unpaid for one not paid yet', async () => {
    expect(await sut().refunded(`pi_${randomUUID()}`, 100)).toEqual({ outcome: 'unknown' });
    const userId = await openTestAccount(db);
    const intentId = `pi_${randomUUID()}`;
    await paymentsRepo.insert(db, {
      id: randomUUID(),
      userId,
      type: 'topup',
      packageType: 'basic',
      credits: 10,
      amount: 7800,
      currency: 'HKD',
      status: 'processing',
      provider: 'stripe',
      providerPaymentId: intentId,
    });
    expect(await sut().refunded(intentId, 100)).toEqual({ outcome: 'unpaid' });
  });
});
