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
  /** Brings a subscription waiting for its first payment up to date from the processor, if it can. */
  refresh?(sub: SubscriptionRow): Promise<void>;
}
