import Stripe from 'stripe';
import { badRequest, conflict, serviceUnavailable } from '@stockai/platform';

/** What billing needs to talk to Stripe (from the STRIPE_* variables). */
export interface StripeSettings {
  secretKey: string;
  /** Verifies the signature of `POST webhooks/stripe` deliveries (`whsec_...`). */
  webhookSecret: string;
  /** Handed to the web app, which shows Stripe's Payment Element with it. */
  publishableKey: string;
  /** Another Stripe API base URL (tests point it at the local stand-in); Stripe's own by default. */
  apiBase?: string;
}

/**
 * The Stripe SDK client. `apiBase` becomes the SDK's host/port/protocol options, so tests run
 * the real SDK against a local stand-in. Network errors are retried twice by the SDK, with the
 * same idempotency key, so a retried create never charges twice.
 */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'StockAI billing' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/** A Stripe card error (declined card), as opposed to a failure of ours or of the network. */
export function isCardError(err: unknown): err is Stripe.errors.StripeCardError {
  return err instanceof Stripe.errors.StripeCardError;
}

/**
 * Stripe's refusals as answers the caller can act on: Stripe not answering (network, its
 * outage, rate limit, a revoked key) is a 503 ("try again in a moment"); an Idempotency-Key
 * reused for another request is a 409 ("use a new key"); a request Stripe finds invalid (an
 * amount below its minimum charge, say) is a 400 with Stripe's reason. Card errors and
 * anything else pass through unchanged.
 */
function processorFailure(err: unknown): unknown {
  const { errors } = Stripe;
  const unavailable = [
    errors.StripeConnectionError,
    errors.StripeAPIError,
    errors.StripeRateLimitError,
    errors.StripeAuthenticationError,
    errors.StripePermissionError,
  ];
  if (unavailable.some((kind) => err instanceof kind)) {
    return serviceUnavailable('Card payments are unavailable right now; please try again in a moment', 'PROCESSOR_UNAVAILABLE');
  }
  if (err instanceof errors.StripeIdempotencyError) {
    return conflict(
      'This Idempotency-Key was already used for a different request; send a new key for a new payment',
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  if (err instanceof errors.StripeInvalidRequestError) {
    return badRequest(`The card processor refused the request: ${err.message}`, 'PROCESSOR_INVALID_REQUEST');
  }
  return err;
}

/** Runs a call to Stripe; see `processorFailure`. */
export async function atStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw processorFailure(err);
  }
}
