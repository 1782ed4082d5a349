import type { Queryable } from '@stockai/platform';
import type { BillingCycle, PlanRow, SubscriptionRow } from './repo';

export interface SubscribeRequest {
  userId: string;
  plan: PlanRow;
  cycle: BillingCycle;
  /** Minor units of `plan.currency`, from the plan row. */
  amount: number;
  autoRenewal: boolean;
  paymentMethodId?: string;
  /** Makes a retried request (same Idempotency-Key) subscribe once. */
  requestId: string;
}

/** The first payment went through (`active`), or waits for the card's authentication. */
export type SubscribeOutcome = { status: 'active' } | { status: 'requires_action'; clientSecret: string; paymentIntentId: string };

/** Runs `work` in a transaction holding the user's credit account locked (one change per user at a time). */
export type UserTransaction = <T>(userId: string, work: (tx: Queryable) => Promise<T>) => Promise<T>;

/**
 * What a card processor does for subscriptions: take the first payment and create the
 * subscription, and carry out cancellations. The local record and its events are shared
 * (membership.ts); a processor that declines the card throws a 402.
 */
export interface SubscriptionProcessor {
  subscribe(request: SubscribeRequest): Promise<SubscribeOutcome>;
  /** Tells the processor that `sub` ends now (before it ends here). */
  cancelNow(sub: SubscriptionRow): Promise<void>;
  /** Tells the processor whether `sub` stops at its period end (before it is recorded here). */
  setCancelAtPeriodEnd(sub: SubscriptionRow, cancel: boolean): Promise<void>;
  /**
   * Brings `sub` (waiting for its first payment, or past its period end) up to date from the
   * processor, if it keeps subscriptions of its own; throws when the processor does not answer.
   */
  refresh?(sub: SubscriptionRow): Promise<void>;
  /**
   * Cancels at the processor the user's (without one, everybody's) subscriptions that ended here
   * but may still run there (`processor_cancel_due`). Never throws: one it could not reach stays
   * due, and the expiry sweep tries it again.
   */
  cancelEnded(userId?: string): Promise<void>;
}
