import type { CurrentSubscriptionResponse } from '@stockai/contracts';

/** GET subscriptions/current: the level billing grants and the paid subscription behind it, if any. */
export type CurrentSubscription = CurrentSubscriptionResponse;
