/**
 * Stops calling a provider that keeps failing. After `threshold` failures in a row the
 * breaker opens: calls are refused (the analyst falls back at once instead of waiting out a
 * timeout per report) until `cooldownMs` has passed. Then one trial call is let through
 * (half-open): success closes the breaker, failure opens it for another cooldown.
 */
export interface CircuitBreaker {
  /** Whether a call may go out now; in half-open state only the first caller gets true. */
  allow(): boolean;
  succeeded(): void;
  failed(): void;
  readonly state: 'closed' | 'open' | 'half-open';
}

export function circuitBreaker(options: { threshold: number; cooldownMs: number; now?: () => number }): CircuitBreaker {
  const now = options.now ?? Date.now;
  let failures = 0;
  let openedAt: number | null = null;
  let trialOut = false;

  const state = (): CircuitBreaker['state'] => {
    if (openedAt === null) return 'closed';
    return now() - openedAt >= options.cooldownMs ? 'half-open' : 'open';
  };

  return {
    get state() {
      return state();
    },
    allow() {
      const s = state();
      if (s === 'closed') return true;
      if (s === 'open' || trialOut) return false;
      trialOut = true;
      return true;
    },
    succeeded() {
      failures = 0;
      openedAt = null;
      trialOut = false;
    },
    failed() {
      failures += 1;
      trialOut = false;
      if (openedAt !== null || failures >= options.threshold) openedAt = now();
    },
  };
}
