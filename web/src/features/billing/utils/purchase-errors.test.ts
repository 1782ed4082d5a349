import { describe, expect, it } from 'vitest';
import { DECLINED_CARD } from '../../../../test/purchase';
import { signUp } from '../../../../test/session';
import { createPaymentIntent } from '../api/create-payment-intent';
import { payWithDemoCard } from '../api/demo-card';
import { getPackages } from '../api/get-packages';
import { getPayments } from '../api/get-payments';
import { purchaseErrorOf } from './purchase-errors';

describe('purchase failures from the real billing service', () => {
  it("a declined card reads as the spec's decline message (by its code), and lists as failed", async () => {
    await signUp('declined');
    const [pkg] = await getPackages();
    if (!pkg) throw new Error('the catalogue has no package');
    const intent = await createPaymentIntent(pkg.type, crypto.randomUUID());
    const refusal = await payWithDemoCard({ ...intent, cardNumber: DECLINED_CARD }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(purchaseErrorOf(refusal, 'billing.errors.initPayment').key).toBe('billing.card.declined');
    const [payment] = await getPayments(1, 5);
    expect(payment?.status).toBe('failed');
    expect(payment?.price).toEqual(pkg.price);
  });

  it('any other failure reads as the fallback of the step', () => {
    expect(purchaseErrorOf(new Error('socket hang up'), 'billing.errors.subscribe').key).toBe('billing.errors.subscribe');
  });
});
