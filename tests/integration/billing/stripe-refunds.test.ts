import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { waitFor } from '@stockai/platform/src/testing';
import { ledgerRepo } from '../../../services/billing/src/credits/repo';
import { creditsService } from '../../../services/billing/src/credits/service';
import { paymentReversals } from '../../../services/billing/src/payments/reversals';
import { membership } from '../../../services/billing/src/subscriptions/membership';
import { type PlanRow, subscriptionsRepo } from '../../../services/billing/src/subscriptions/repo';
import { type Caller, type StripeBilling, startStripeBilling } from '../../support/stripe-billing';
import type { StripeStandIn } from '../../support/stripe-stand-in';

type Payment = {
  type: string;
  amount: number;
  currency: string;
  status: string;
  credits: number;
  providerPaymentId: string;
  refunded?: number;
  creditsTakenBack?: number;
  creditsShortfall?: number;
};

/**
 * Money going back after a payment through Stripe: refunds made in Stripe's dashboard and
 * cardholders' disputes, with the real SDK against the local Stripe stand-in, signed webhooks,
 * real PostgreSQL and RabbitMQ. Credits bought go back once, in proportion, never below zero.
 */
describe('refunds and disputes of Stripe payments', () => {
  let setup: StripeBilling;
  let stripeApi: StripeStandIn;
  /** Stripe's dashboard (refunds), and Stripe.js in the browser (paying). */
  let dashboard: Stripe;
  let webhookUrl: string;

  beforeAll(async () => {
    setup = await startStripeBilling();
    ({ stripeApi, webhookUrl, client: dashboard } = setup);
  });

  afterAll(async () => {
    await setup?.close();
  });

  const db = () => setup.billing.db;
  const withNewId = (event: Stripe.Event): Stripe.Event => ({ ...event, id: `evt_${randomUUID().replace(/-/g, '')}` });
  const eventsOf = (type: string, intentId: string) => stripeApi.eventsFor(type, intentId);
  const lastEventOf = (type: string, intentId: string) => {
    const event = eventsOf(type, intentId).at(-1);
    if (!event) throw new Error(`no ${type} for ${intentId}`);
    return event;
  };
  const deliverOk = async (event: Stripe.Event) => expect((await stripeApi.deliver(webhookUrl, event)).status).toBe(200);

  /** A member who bought `packageType` and whose payment Stripe has confirmed by webhook. */
  async function buyer(packageType: string) {
    const { userId, call, asAdmin } = await setup.register('refund');
    const { paymentIntentId } = (await call('POST', '/api/payments/create-payment-intent', { packageType })).body as {
      paymentIntentId: string;
    };
    await dashboard.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    await deliverOk(lastEventOf('payment_intent.succeeded', paymentIntentId));
    const balance = async () => (await call('GET', '/api/users/credits')).body as { paidCredits: number; dailyCredits: number };
    const payment = async () =>
      ((await call('GET', '/api/users/payments')).body as { payments: Payment[] }).payments.find(
        (p) => p.providerPaymentId === paymentIntentId,
      );
    const takeBacks = async () =>
      (
        await db().query<{ paid_delta: number }>(
          "SELECT paid_delta FROM credit_ledger WHERE user_id = $1 AND kind = 'adjustment' AND reference = $2 ORDER BY id",
          [userId, `payment:${paymentIntentId}`],
        )
      ).rows.map((r) => r.paid_delta);
    const outboxOf = async (type: string) =>
      (
        await db().query<{ data: Record<string, unknown> }>(
          "SELECT payload->'data' AS data FROM outbox WHERE type = $1 AND payload->'data'->>'userId' = $2 ORDER BY created_at",
          [type, userId],
        )
      ).rows.map((r) => r.data);
    return { userId, call, asAdmin, paymentIntentId, balance, payment, takeBacks, outboxOf };
  }

  const stats = async (asAdmin: Caller) =>
    (await asAdmin('GET', '/internal/admin/payment-stats')).body.stats as {
      totalRevenue: Array<{ amount: number; currency: string }>;
      successfulTransactions: number;
      totalCreditsSold: number;
    };
  const hkd = (revenue: Array<{ amount: number; currency: string }>) => revenue.find((r) => r.currency === 'HKD')?.amount ?? 0;

  it('takes back all credits of a full refund once, when its webhook comes 5 times at once, races another delivery and comes again later', async () => {
    const b = await buyer('standard');
    expect((await b.balance()).paidCredits).toBe(50);
    await dashboard.refunds.create({ payment_intent: b.paymentIntentId });
    const refunded = lastEventOf('charge.refunded', b.paymentIntentId);
    // The same refund told again under other event ids, as Stripe's refund updates do.
    const refundUpdated = { ...withNewId(lastEventOf('refund.created', b.paymentIntentId)), type: 'charge.refund.updated' } as Stripe.Event;

    const together = await Promise.all([
      ...Array.from({ length: 5 }, () => stripeApi.deliver(webhookUrl, refunded)),
      stripeApi.deliver(webhookUrl, withNewId(refunded)),
      stripeApi.deliver(webhookUrl, refundUpdated),
    ]);
    // A delivery that finds another handling the same event gets a 409, so Stripe tries it again later.
    expect(together.map((d) => d.status).every((s) => s === 200 || s === 409)).toBe(true);
    expect(together.slice(5).map((d) => d.status)).toEqual([200, 200]);
    for (let i = 0; i < 5; i++) await deliverOk(refunded);
    // A late success of the intent does not make the payment completed again, nor grant again.
    await deliverOk(withNewId(lastEventOf('payment_intent.succeeded', b.paymentIntentId)));

    expect((await b.balance()).paidCredits).toBe(0);
    expect(await b.takeBacks()).toEqual([-50]);
    expect(await b.payment()).toMatchObject({ status: 'refunded', amount: 328, refunded: 328, creditsTakenBack: 50, creditsShortfall: 0 });
    expect(await b.outboxOf('payment.refunded')).toEqual([
      expect.objectContaining({
        price: { amount: 32800, currency: 'HKD' },
        refunded: { amount: 32800, currency: 'HKD' },
        fullyRefunded: true,
        credits: 50,
        creditsTakenBack: 50,
        creditsShortfall: 0,
        providerPaymentId: b.paymentIntentId,
      }),
    ]);
    expect(await b.call('POST', '/api/payments/confirm-payment', { paymentIntentId: b.paymentIntentId })).toMatchObject({
      status: 200,
      body: { success: false, status: 'refunded', credits: { paidCredits: 0 } },
    });
    expect(await ledgerRepo.mismatches(db())).toEqual([]);
  });

  it('takes back in proportion to each partial refund, cumulatively, whatever order the webhooks come in', async () => {
    const b = await buyer('standard'); // 50 credits for HK$328
    await dashboard.refunds.create({ payment_intent: b.paymentIntentId, amount: 10000 });
    const first = lastEventOf('charge.refunded', b.paymentIntentId);
    await deliverOk(first);
    // floor(50 × 100 / 328) = 15
    expect((await b.balance()).paidCredits).toBe(35);
    expect(await b.payment()).toMatchObject({ status: 'completed', refunded: 100, creditsTakenBack: 15, creditsShortfall: 0 });

    await dashboard.refunds.create({ payment_intent: b.paymentIntentId, amount: 6400 });
    const second = lastEventOf('charge.refunded', b.paymentIntentId);
    await Promise.all([stripeApi.deliver(webhookUrl, second), stripeApi.deliver(webhookUrl, withNewId(first))]);
    await deliverOk(first);
    // floor(50 × 164 / 328) = 25 in all
    expect((await b.balance()).paidCredits).toBe(25);
    expect(await b.takeBacks()).toEqual([-15, -10]);
    expect(await b.payment()).toMatchObject({ status: 'completed', refunded: 164, creditsTakenBack: 25 });

    // The rest refunded: the refunds' 50 credits in all, the payment refunded.
    await dashboard.refunds.create({ payment_intent: b.paymentIntentId });
    await deliverOk(lastEventOf('charge.refunded', b.paymentIntentId));
    expect((await b.balance()).paidCredits).toBe(0);
    expect(await b.takeBacks()).toEqual([-15, -10, -25]);
    expect(await b.payment()).toMatchObject({ status: 'refunded', refunded: 328, creditsTakenBack: 50 });
    expect(
      (await b.outboxOf('payment.refunded')).map((e) => [(e.refunded as { amount: number }).amount, e.creditsTakenBack, e.fullyRefunded]),
    ).toEqual([
      [10000, 15, false],
      [16400, 25, false],
      [32800, 50, true],
    ]);
    expect(await ledgerRepo.mismatches(db())).toEqual([]);
  });

  it('takes only the paid credits left when the member spent some, never below zero, and records the shortfall', async () => {
    const b = await buyer('basic'); // 10 credits
    const { dailyCredits } = await b.balance();
    // Daily credits go first: this spends all of them and 7 of the 10 bought.
    expect(
      (
        await b.call('POST', '/internal/credits/debit', {
          userId: b.userId,
          amount: dailyCredits + 7,
          reference: `analysis:${randomUUID()}`,
        })
      ).status,
    ).toBe(200);
    expect(await b.balance()).toMatchObject({ paidCredits: 3, dailyCredits: 0 });

    await dashboard.refunds.create({ payment_intent: b.paymentIntentId });
    const refunded = lastEventOf('charge.refunded', b.paymentIntentId);
    await Promise.all([stripeApi.deliver(webhookUrl, refunded), stripeApi.deliver(webhookUrl, withNewId(refunded))]);
    await deliverOk(withNewId(refunded));

    expect(await b.balance()).toMatchObject({ paidCredits: 0, dailyCredits: 0 });
    expect(await b.takeBacks()).toEqual([-3]);
    expect(await b.payment()).toMatchObject({ status: 'refunded', creditsTakenBack: 3, creditsShortfall: 7 });
    const { payments } = (await b.asAdmin('GET', '/internal/admin/payments?status=all&limit=100')).body as {
      payments: Array<Record<string, unknown>>;
    };
    expect(payments.find((p) => p.stripePaymentIntentId === b.paymentIntentId)).toMatchObject({
      status: 'refunded',
      refunded: 78,
      creditsTakenBack: 3,
      creditsShortfall: 7,
    });
    const onlyRefunded = (await b.asAdmin('GET', '/internal/admin/payments?status=refunded&limit=100')).body as {
      payments: Array<Record<string, unknown>>;
    };
    expect(onlyRefunded.payments.map((p) => p.status)).toEqual(onlyRefunded.payments.map(() => 'refunded'));
    expect(onlyRefunded.payments.map((p) => p.stripePaymentIntentId)).toContain(b.paymentIntentId);
    expect(await b.outboxOf('payment.refunded')).toEqual([
      expect.objectContaining({ fullyRefunded: true, creditsTakenBack: 3, creditsShortfall: 7 }),
    ]);
    expect(await ledgerRepo.mismatches(db())).toEqual([]);
  });

  it('leaves refunded money out of the revenue and refunded credits out of the credits sold', async () => {
    const { asAdmin } = await setup.register('stats');
    const before = await stats(asAdmin);
    const b = await buyer('standard'); // 50 credits for HK$328
    const paid = await stats(asAdmin);
    expect(hkd(paid.totalRevenue) - hkd(before.totalRevenue)).toBeCloseTo(328, 2);
    expect(paid.successfulTransactions - before.successfulTransactions).toBe(1);
    expect(paid.totalCreditsSold - before.totalCreditsSold).toBe(50);

    await dashboard.refunds.create({ payment_intent: b.paymentIntentId, amount: 10000 });
    await deliverOk(lastEventOf('charge.refunded', b.paymentIntentId));
    const partly = await stats(asAdmin);
    expect(hkd(partly.totalRevenue) - hkd(before.totalRevenue)).toBeCloseTo(228, 2);
    expect(partly.successfulTransactions - before.successfulTransactions).toBe(1);
    expect(partly.totalCreditsSold - before.totalCreditsSold).toBe(35);

    await dashboard.refunds.create({ payment_intent: b.paymentIntentId });
    await deliverOk(lastEventOf('charge.refunded', b.paymentIntentId));
    const refunded = await stats(asAdmin);
    expect(hkd(refunded.totalRevenue)).toBeCloseTo(hkd(before.totalRevenue), 2);
    expect(refunded.successfulTransactions).toBe(before.successfulTransactions);
    expect(refunded.totalCreditsSold).toBe(before.totalCreditsSold);
  });

  it('refuses a refund event with a bad or missing signature with 400 and takes nothing back', async () => {
    const b = await buyer('basic');
    await dashboard.refunds.create({ payment_intent: b.paymentIntentId });
    const refunded = lastEventOf('charge.refunded', b.paymentIntentId);
    expect(await stripeApi.deliver(webhookUrl, refunded, { secret: 'whsec_not_the_secret' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_SIGNATURE' },
    });
    const unsigned = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(refunded),
    });
    expect(unsigned.status).toBe(400);
    expect((await b.balance()).paidCredits).toBe(10);
    expect(await b.payment()).toMatchObject({ status: 'completed' });
    // Signed as Stripe signs it, the same event is taken.
    expect(await stripeApi.deliver(webhookUrl, refunded)).toEqual({ status: 200, body: { received: true, handled: true } });
    expect((await b.balance()).paidCredits).toBe(0);
  });

  it('grants, then takes back, a package whose success billing had not seen when the refund came', async () => {
    const { userId, call } = await setup.register('refund-first');
    const { paymentIntentId } = (await call('POST', '/api/payments/create-payment-intent', { packageType: 'basic' })).body as {
      paymentIntentId: string;
    };
    await dashboard.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    await dashboard.refunds.create({ payment_intent: paymentIntentId, amount: 3900 });
    await deliverOk(lastEventOf('charge.refunded', paymentIntentId));
    await deliverOk(lastEventOf('payment_intent.succeeded', paymentIntentId));
    // 10 granted, floor(10 × 39 / 78) = 5 taken back.
    expect(((await call('GET', '/api/users/credits')).body as { paidCredits: number }).paidCredits).toBe(5);
    expect(await ledgerRepo.mismatches(db())).toEqual([]);
    expect(
      (await db().query('SELECT 1 FROM credit_ledger WHERE user_id = $1 AND idempotency_key = $2', [userId, `payment:${paymentIntentId}`]))
        .rowCount,
    ).toBe(1);
  });

  it('marks a refunded subscription invoice refunded, and leaves the membership to an admin', async () => {
    const { userId, call } = await setup.register('refund-sub');
    const subscribed = await call('POST', '/api/subscriptions/subscribe', {
      planId: 'vip',
      billingCycle: 'monthly',
      autoRenewal: true,
      paymentMethodId: 'pm_card_visa',
    });
    expect(subscribed).toMatchObject({ status: 200, body: { level: 'vip' } });
    const { rows } = await db().query<{ id: string }>(
      "SELECT provider_subscription_id AS id FROM subscriptions WHERE user_id = $1 AND provider = 'stripe'",
      [userId],
    );
    const invoiceId = stripeApi.subscription(rows[0]?.id as string)?.latest_invoice as string;
    const invoice = await dashboard.invoices.retrieve(invoiceId);
    const intentId = invoice.payments?.data[0]?.payment.payment_intent as string;
    await dashboard.refunds.create({ payment_intent: intentId });
    const refunded = lastEventOf('charge.refunded', intentId);
    await deliverOk(refunded);
    await deliverOk(withNewId(refunded));
    // invoice.paid again, late: the payment stays refunded.
    for (const paid of stripeApi.eventsFor('invoice.paid', rows[0]?.id as string)) await deliverOk(withNewId(paid));

    const { payments } = (await call('GET', '/api/users/payments')).body as { payments: Payment[] };
    expect(payments).toEqual([
      expect.objectContaining({ type: 'subscription', providerPaymentId: invoiceId, status: 'refunded', refunded: 98 }),
    ]);
    expect((await call('GET', '/api/subscriptions/current')).body).toMatchObject({ hasSubscription: true, level: 'vip' });
    const events = (
      await db().query<{ data: { fullyRefunded: boolean; credits: number } }>(
        "SELECT payload->'data' AS data FROM outbox WHERE type = 'payment.refunded' AND payload->'data'->>'userId' = $1",
        [userId],
      )
    ).rows;
    expect(events.map((e) => [e.data.fullyRefunded, e.data.credits])).toEqual([[true, 0]]);
  });

  it('takes back all credits of a disputed payment, gives them back once when the dispute is won, and keeps them when lost', async () => {
    const won = await buyer('standard');
    const { disputeId } = stripeApi.dispute(won.paymentIntentId);
    const created = lastEventOf('charge.dispute.created', won.paymentIntentId);
    await Promise.all([stripeApi.deliver(webhookUrl, created), stripeApi.deliver(webhookUrl, withNewId(created))]);
    expect((await won.balance()).paidCredits).toBe(0);
    expect(await won.payment()).toMatchObject({ status: 'disputed', creditsTakenBack: 50 });
    await expect(dashboard.refunds.create({ payment_intent: won.paymentIntentId })).rejects.toMatchObject({ code: 'charge_disputed' });

    stripeApi.closeDispute(disputeId, 'won');
    const closed = lastEventOf('charge.dispute.closed', won.paymentIntentId);
    await Promise.all([stripeApi.deliver(webhookUrl, closed), stripeApi.deliver(webhookUrl, withNewId(closed))]);
    // The dispute's creation again, late: Stripe now says won, so nothing is taken again.
    await deliverOk(withNewId(created));
    expect((await won.balance()).paidCredits).toBe(50);
    expect(await won.takeBacks()).toEqual([-50, 50]);
    expect(await won.payment()).toMatchObject({ status: 'completed' });
    expect(await won.payment()).not.toHaveProperty('creditsTakenBack');

    const lost = await buyer('basic');
    const lostDispute = stripeApi.dispute(lost.paymentIntentId);
    await deliverOk(lastEventOf('charge.dispute.created', lost.paymentIntentId));
    stripeApi.closeDispute(lostDispute.disputeId, 'lost');
    await deliverOk(lastEventOf('charge.dispute.closed', lost.paymentIntentId));
    expect((await lost.balance()).paidCredits).toBe(0);
    expect(await lost.takeBacks()).toEqual([-10]);
    expect(await lost.payment()).toMatchObject({ status: 'disputed', creditsTakenBack: 10, creditsShortfall: 0 });
    expect(await ledgerRepo.mismatches(db())).toEqual([]);
  });

  it('takes back the refunded part when the refund is told after a dispute that is then won', async () => {
    const b = await buyer('standard'); // 50 credits for HK$328
    // HK$100 refunded, then the cardholder disputes the rest; Stripe tells the dispute first.
    await dashboard.refunds.create({ payment_intent: b.paymentIntentId, amount: 10000 });
    const refunded = lastEventOf('charge.refunded', b.paymentIntentId);
    const { disputeId } = stripeApi.dispute(b.paymentIntentId);
    await deliverOk(lastEventOf('charge.dispute.created', b.paymentIntentId));
    await deliverOk(refunded);
    expect((await b.balance()).paidCredits).toBe(0);

    stripeApi.closeDispute(disputeId, 'won');
    await deliverOk(lastEventOf('charge.dispute.closed', b.paymentIntentId));
    await deliverOk(withNewId(refunded));

    // The dispute's money is back, the refund's is not: floor(50 × 100 / 328) = 15 stay taken, as when told in order.
    expect((await b.balance()).paidCredits).toBe(35);
    expect((await b.takeBacks()).reduce((sum, d) => sum + d, 0)).toBe(-15);
    expect(await b.payment()).toMatchObject({ status: 'completed', refunded: 100, creditsTakenBack: 15, creditsShortfall: 0 });
    expect(await ledgerRepo.mismatches(db())).toEqual([]);
  });

  it('keeps the credits of a won dispute when a state read before the win is applied after it', async () => {
    const b = await buyer('basic'); // 10 credits
    const { disputeId } = stripeApi.dispute(b.paymentIntentId);
    stripeApi.closeDispute(disputeId, 'won');
    await deliverOk(lastEventOf('charge.dispute.closed', b.paymentIntentId));
    expect((await b.balance()).paidCredits).toBe(10);

    // The delivery of charge.dispute.created that read the dispute from Stripe while it was
    // still needs_response, and reached the payment's lock only after the delivery above:
    // what stripe/reversals.ts then calls.
    const reversals = paymentReversals({ db: db(), credits: creditsService(db()), afterCommit: () => undefined });
    expect(await reversals.disputed(b.paymentIntentId, disputeId)).toMatchObject({ outcome: 'applied' });

    expect((await b.balance()).paidCredits).toBe(10);
    expect(await b.payment()).toMatchObject({ status: 'completed' });
    expect(await ledgerRepo.mismatches(db())).toEqual([]);
  });

  it('lets a dispute of a subscription payment and that invoice recorded again (the account locked first) both finish', async () => {
    const { userId, call } = await setup.register('review-sub');
    expect(
      await call('POST', '/api/subscriptions/subscribe', {
        planId: 'vip',
        billingCycle: 'monthly',
        autoRenewal: true,
        paymentMethodId: 'pm_card_visa',
      }),
    ).toMatchObject({ status: 200 });
    const { rows } = await db().query<{ id: string }>(
      "SELECT provider_subscription_id AS id FROM subscriptions WHERE user_id = $1 AND provider = 'stripe'",
      [userId],
    );
    const invoiceId = stripeApi.subscription(rows[0]?.id as string)?.latest_invoice as string;
    const invoice = await dashboard.invoices.retrieve(invoiceId);
    const intentId = invoice.payments?.data[0]?.payment.payment_intent as string;
    const plan = (await subscriptionsRepo.plan(db(), 'vip')) as PlanRow;
    stripeApi.dispute(intentId);

    // invoice.paid delivered again records the invoice as subscriptions do: the member's
    // account locked first, then the payment row. The dispute arrives meanwhile.
    let delivered: Promise<{ status: number }> | undefined;
    const recordedAgain = creditsService(db()).userTransaction(userId, async (tx) => {
      delivered = stripeApi.deliver(webhookUrl, lastEventOf('charge.dispute.created', intentId));
      await waitFor('the dispute waiting for a lock', async () => {
        const waiting = await db().query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        return (waiting.rowCount ?? 0) > 0;
      });
      return membership.recordPayment(tx, {
        userId,
        plan,
        amount: invoice.amount_due,
        currency: plan.currency,
        provider: 'stripe',
        providerPaymentId: invoiceId,
        status: 'completed',
      });
    });

    await expect(recordedAgain).resolves.toBe(false);
    expect((await (delivered as Promise<{ status: number }>)).status).toBe(200);
    const { payments } = (await call('GET', '/api/users/payments')).body as { payments: Payment[] };
    expect(payments).toEqual([expect.objectContaining({ providerPaymentId: invoiceId, status: 'disputed' })]);
  });
});
