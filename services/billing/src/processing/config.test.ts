import { parseConfig } from '@stockai/platform';
import { billingEnvSchema, billingOptionsFrom } from './config';

describe('billing configuration', () => {
  const sut = (env: Record<string, string>) => billingOptionsFrom(parseConfig(billingEnvSchema, env));

  it('runs the demo processor without a Stripe key', () => {
    expect(sut({})).toEqual({ demoPayments: true, stripe: undefined, expirySweepIntervalMs: 60_000, currency: 'HKD' });
  });

  it('takes Stripe with its three keys, and the API base for tests', () => {
    const options = sut({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      SUBSCRIPTION_SWEEP_INTERVAL_MS: '5000',
    });
    expect(options).toEqual({
      demoPayments: false,
      stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', publishableKey: 'pk_test_1', apiBase: 'http://127.0.0.1:12111' },
      expirySweepIntervalMs: 5000,
      currency: 'HKD',
    });
  });

  it('takes the currency of new catalogue prices, only one sold with two decimals', () => {
    expect(sut({ BILLING_CURRENCY: 'USD' }).currency).toBe('USD');
    expect(() => sut({ BILLING_CURRENCY: 'JPY' })).toThrow(/BILLING_CURRENCY: must be one of HKD, USD/);
  });

  it('refuses a Stripe key without the webhook secret, naming the variable', () => {
    expect(() => sut({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
    );
    expect(() => sut({ STRIPE_API_BASE: 'not a url' })).toThrow('STRIPE_API_BASE: must be a URL');
  });
});
