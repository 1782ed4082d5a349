import { ApiError } from '@/lib/api-client';

/** The payment messages of spec section 8, as keys under billing. */
export type PurchaseErrorKey =
  | 'billing.errors.initPayment'
  | 'billing.errors.subscribe'
  | 'billing.errors.creditsNotAdded'
  | 'billing.errors.freePlan'
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

/** The card was refused by the (demo) processor: its decline, in the user's language. */
export function cardErrorOf(error: unknown): PurchaseError | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'CARD_DECLINED') return new PurchaseError('billing.card.declined');
  if (error.code === 'UNKNOWN_TEST_CARD') return new PurchaseError('billing.card.unknownTestCard');
  return null;
}
