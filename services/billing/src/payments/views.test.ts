import type { PaymentRow } from './repo';
import { paymentFields } from './views';

const payment = (p: Partial<PaymentRow>): PaymentRow => ({
  id: 'p1',
  user_id: 'u1',
  type: 'topup',
  package_type: 'basic',
  package_name: '基本套餐',
  credits: 10,
  amount: 7800,
  currency: 'HKD',
  status: 'completed',
  provider: 'demo',
  provider_payment_id: 'pi_1',
  amount_refunded: 0,
  credits_refunded: 0,
  credits_disputed: 0,
  credits_shortfall: 0,
  created_at: new Date(0),
  ...p,
});

describe('paymentFields', () => {
  it('shows the amount as a decimal with its currency, and no refund figures for a payment never refunded', () => {
    expect(paymentFields(payment({}))).toEqual({
      type: 'topup',
      packageType: 'basic',
      packageName: '基本套餐',
      credits: 10,
      amount: 78,
      currency: 'HKD',
      status: 'completed',
    });
  });

  it('names an intent never paid as abandoned, and a status the lists do not know as processing', () => {
    expect(paymentFields(payment({ status: 'requires_payment_method' })).status).toBe('abandoned');
    expect(paymentFields(payment({ status: 'abandoned' })).status).toBe('abandoned');
    expect(paymentFields(payment({ status: 'requires_capture' })).status).toBe('processing');
    expect(paymentFields(payment({ status: 'refunded' })).status).toBe('refunded');
  });

  it('shows what a refund took back and what it could not', () => {
    expect(paymentFields(payment({ amount_refunded: 3900, credits_refunded: 5, credits_shortfall: 2 }))).toMatchObject({
      status: 'completed',
      refunded: 39,
      creditsTakenBack: 3,
      creditsShortfall: 2,
    });
  });
});
