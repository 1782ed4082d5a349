import type { BillingCycle } from './catalogue';

/** GET subscriptions/current: the level billing grants and the paid subscription behind it, if any. */
export interface CurrentSubscription {
  hasSubscription: boolean;
  level: string;
  subscription: {
    planId: string | null;
    billingCycle: BillingCycle | null;
    expiresAt: string | null;
    daysRemaining: number | null;
    autoRenewal: boolean;
    /** Cancelled at period end: still active until expiresAt, then back to free. */
    cancelAtPeriodEnd: boolean;
  } | null;
}
