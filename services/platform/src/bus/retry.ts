import type { Subscription } from './types';

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_DELAY_MS = 1000;

/** A subscription's retry settings with the defaults its doc comment promises filled in. */
export function retryPolicy(subscription: Subscription): { maxAttempts: number; retryDelayMs: number } {
  return {
    maxAttempts: subscription.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    retryDelayMs: subscription.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
  };
}
