import { type Cache, tooManyRequests } from '@stockai/platform';

/**
 * Failed sign-ins, per e-mail address and client, slow that client down for that address:
 * after `freeFailures` failures each further one doubles the wait before the next try
 * (`firstDelaySeconds`, twice that, …, at most `maxDelaySeconds`); a success clears it.
 *
 * Keyed on the address alone, a few wrong passwords from anyone locked the owner out of their
 * own account for the whole window; keyed on the address and the client, a guesser slows only
 * itself, and the per-IP limit still bounds how many addresses one client may try.
 */
export interface LoginBackoffRule {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** How long failures are remembered after the last one. */
  memorySeconds: number;
}

export const DEFAULT_LOGIN_BACKOFF: LoginBackoffRule = {
  freeFailures: 5,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
};

export interface LoginBackoff {
  /** Refuses with a 429 and Retry-After while this client must still wait for this address. */
  check(email: string, client: string): Promise<void>;
  failed(email: string, client: string): Promise<void>;
  succeeded(email: string, client: string): Promise<void>;
}

export function loginBackoff(cache: Cache, rule: LoginBackoffRule): LoginBackoff {
  const subject = (email: string, client: string) => `${email.trim().toLowerCase()}|${client}`;
  const failures = (email: string, client: string) => `login-failures:${subject(email, client)}`;
  const waiting = (email: string, client: string) => `login-wait:${subject(email, client)}`;
  // A cache outage must not lock everyone out: the back-off is skipped then (fails open).
  const quietly = async <T>(work: Promise<T>) => work.catch(() => undefined);

  return {
    async check(email, client) {
      const seconds = await quietly(cache.ttl(waiting(email, client)));
      if (seconds === undefined || seconds <= 0) return;
      throw tooManyRequests(`Too many failed sign-ins for this account, please try again in ${waitText(seconds)}`, seconds);
    },
    async failed(email, client) {
      const count = await quietly(cache.incr(failures(email, client), rule.memorySeconds));
      if (count === undefined || count < rule.freeFailures) return;
      const delay = Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** Math.min(30, count - rule.freeFailures));
      await quietly(cache.set(waiting(email, client), '1', delay));
    },
    async succeeded(email, client) {
      await quietly(Promise.all([cache.del(failures(email, client)), cache.del(waiting(email, client))]));
    },
  };
}

const waitText = (seconds: number) => {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
