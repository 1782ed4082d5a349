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

  it('refuses the demo processor in production unless it is allowed explicitly', () => {
    expect(() => sut({ NODE_ENV: 'production' })).toThrow(
      /STRIPE_SECRET_KEY: is required with NODE_ENV=production.*ALLOW_DEMO_PAYMENTS=true/,
    );
    expect(() => sut({ NODE_ENV: 'production', ALLOW_DEMO_PAYMENTS: 'false' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(sut({ NODE_ENV: 'production', ALLOW_DEMO_PAYMENTS: 'true' }).demoPayments).toBe(true);
    expect(sut({ NODE_ENV: 'development' }).demoPayments).toBe(true);
    expect(() => sut({ ALLOW_DEMO_PAYMENTS: 'maybe' })).toThrow('ALLOW_DEMO_PAYMENTS: must be true or false');
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' };
    expect(sut({ NODE_ENV: 'production', ...stripe }).demoPayments).toBe(false);
  });

  it('refuses a Stripe key without the webhook secret, naming the variable', () => {
    expect(() => sut({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
    );
    expect(() => sut({ STRIPE_API_BASE: 'not a url' })).toThrow('STRIPE_API_BASE: must be a URL');
  });
});
