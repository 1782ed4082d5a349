import { ApiError } from '@/lib/api-client';

/** The payment messages of spec section 8 and the billing service's refusals, as keys under billing. */
export type PurchaseErrorKey =
  | 'billing.errors.initPayment'
  | 'billing.errors.subscribe'
  | 'billing.errors.creditsNotAdded'
  | 'billing.errors.freePlan'
  | 'billing.errors.alreadySubscribed'
  | 'billing.errors.subscriptionPending'
  | 'billing.errors.subscribeInProgress'
  | 'billing.errors.attemptExpired'
  | 'billing.errors.processorRefused'
  | 'billing.card.declined'
  | 'billing.card.unknownTestCard'
  | 'billing.card.authFailed';

/** A failure whose user-facing message is known: a catalogue key, or the card provider's own words. */
export class PurchaseError extends Error {
  constructor(
    readonly key: PurchaseErrorKey | null,
    readonly providerMessage?: string,
  ) {
    super(providerMessage ?? key ?? 'Purchase failed');
    this.name = 'PurchaseError';
  }
}

/** The billing service's error codes a user can act on, and what the user is told. */
const KNOWN_CODES = new Map<string, PurchaseErrorKey>([
  ['CARD_DECLINED', 'billing.card.declined'],
  ['UNKNOWN_TEST_CARD', 'billing.card.unknownTestCard'],
  ['ALREADY_SUBSCRIBED', 'billing.errors.alreadySubscribed'],
  ['SUBSCRIPTION_PENDING', 'billing.errors.subscriptionPending'],
  ['SUBSCRIBE_IN_PROGRESS', 'billing.errors.subscribeInProgress'],
  ['IDEMPOTENCY_KEY_REUSED', 'billing.errors.attemptExpired'],
  ['PROCESSOR_INVALID_REQUEST', 'billing.errors.processorRefused'],
]);

/** The card was refused by the (demo) processor: its decline, in the user's language. */
export function cardErrorOf(error: unknown): PurchaseError | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'CARD_DECLINED') return new PurchaseError('billing.card.declined');
  if (error.code === 'UNKNOWN_TEST_CARD') return new PurchaseError('billing.card.unknownTestCard');
  return null;
}

/**
 * A failed purchase request as the user reads it: the message for a refusal the billing service
 * names by code, otherwise spec section 8's message for the step (`fallback`).
 */
export function purchaseErrorOf(error: unknown, fallback: PurchaseErrorKey): PurchaseError {
  const known = error instanceof ApiError ? KNOWN_CODES.get(error.code) : undefined;
  return new PurchaseError(known ?? fallback);
}
