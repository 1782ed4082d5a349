import type Stripe from 'stripe';
import type { PaymentIntent, PaymentProcessor } from '../payments/processor';
import { atStripe } from './client';

const toPaymentIntent = (intent: Stripe.PaymentIntent): PaymentIntent => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  amount: intent.amount,
  currency: intent.currency,
  // Stripe's other states (requires_confirmation, requires_capture) do not occur with
  // automatic confirmation and capture; they read as still processing.
  status:
    (['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled'] as const).find((s) => s === intent.status) ??
    'processing',
  lastError: intent.last_payment_error?.message ?? null,
  metadata: intent.metadata ?? {},
});

/**
 * Credit-package payments through Stripe PaymentIntents. The browser pays with Stripe's
 * Payment Element and the client secret; billing only creates and reads intents.
 */
export function stripeProcessor(stripe: Stripe): PaymentProcessor {
  return {
    name: 'stripe',
    async createIntent(input) {
      const intent = await atStripe(() =>
        stripe.paymentIntents.create(
          { amount: input.amount, currency: input.currency, metadata: input.metadata, automatic_payment_methods: { enabled: true } },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toPaymentIntent(intent);
    },
    async retrieveIntent(id) {
      return toPaymentIntent(await atStripe(() => stripe.paymentIntents.retrieve(id)));
    },
    async cancelIntent(id) {
      return toPaymentIntent(await atStripe(() => stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' })));
    },
  };
}
