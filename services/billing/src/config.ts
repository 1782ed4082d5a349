import { z } from 'zod';
import { env } from '@stockai/platform';
import { CURRENCIES, CURRENCY_CODES } from './catalogue/money';
import { CATALOGUE_CURRENCY } from './catalogue/repo';
import type { StripeSettings } from './stripe/client';

export const DEFAULT_EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/** How the billing service is built, whichever process builds it. */
export interface BillingOptions {
  /** True while no Stripe key is configured: the demo card processor is active. */
  demoPayments: boolean;
  /** Stripe takes the payments when set (and `demoPayments` is then ignored). */
  stripe?: StripeSettings;
  /** How often the sweeps look for subscriptions past their end and payment intents abandoned (ms). */
  expirySweepIntervalMs?: number;
  /** The clock (tests move it across the Hong Kong day boundary). */
  now?: () => Date;
  /** The currency of new catalogue prices an admin saves without naming one (default HKD). */
  currency?: string;
}

const optional = z
  .string()
  .optional()
  .transform((v) => v || undefined);

/**
 * Billing's card-processor variables (README, configuration). Stripe needs its three keys
 * together: payments without webhooks would never hear of renewals, and the web app needs the
 * publishable key for Stripe's card form. Without STRIPE_SECRET_KEY the demo processor runs,
 * which lets anyone top up credits for free: with NODE_ENV=production (the images set it)
 * billing refuses to start that way unless ALLOW_DEMO_PAYMENTS=true says it is meant (a demo
 * deployment); a plain `npm start` on a laptop keeps the demo processor (issue 17).
 */
export const billingEnvSchema = z
  .object({
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_PUBLISHABLE_KEY: optional,
    STRIPE_API_BASE: env.optionalUrl(),
    SUBSCRIPTION_SWEEP_INTERVAL_MS: env.positiveInt(DEFAULT_EXPIRY_SWEEP_INTERVAL_MS),
    NODE_ENV: z.string().optional(),
    ALLOW_DEMO_PAYMENTS: env.bool(false),
    BILLING_CURRENCY: z
      .string()
      .default(CATALOGUE_CURRENCY)
      .refine((c) => c in CURRENCIES, { message: `must be one of ${CURRENCY_CODES.join(', ')}` }),
  })
  .superRefine((c, ctx) => {
    if (!c.STRIPE_SECRET_KEY) {
      if (c.NODE_ENV === 'production' && !c.ALLOW_DEMO_PAYMENTS)
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message:
            'is required with NODE_ENV=production: without it the demo card processor would let anyone top up credits for free (set ALLOW_DEMO_PAYMENTS=true for a demo deployment)',
        });
      return;
    }
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const) {
      if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STRIPE_SECRET_KEY is set' });
    }
  });

export function billingOptionsFrom(config: z.infer<typeof billingEnvSchema>): BillingOptions {
  const stripe = config.STRIPE_SECRET_KEY
    ? {
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET as string,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY as string,
        apiBase: config.STRIPE_API_BASE,
      }
    : undefined;
  return { demoPayments: !stripe, stripe, expirySweepIntervalMs: config.SUBSCRIPTION_SWEEP_INTERVAL_MS, currency: config.BILLING_CURRENCY };
}
