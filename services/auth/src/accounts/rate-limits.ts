import { type Cache, type RateLimitRule, hitRateLimit, tooManyRequests } from '@stockai/platform';
import { DEFAULT_LOGIN_BACKOFF, type LoginBackoffRule } from './login-backoff';

/**
 * Limits on the endpoints that guess or spam: per client IP and, where an address is given,
 * per e-mail address (so one IP cannot try many accounts, nor spam one address); failed
 * sign-ins back off per address and client (login-backoff.ts). Counters live in the cache (Redis when distributed), shared by every replica.
 */
export interface AccountRateLimits {
  loginPerIp: RateLimitRule;
  loginBackoff: LoginBackoffRule;
  forgotPerIp: RateLimitRule;
  forgotPerEmail: RateLimitRule;
  registerPerIp: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: AccountRateLimits = {
  loginPerIp: { name: 'login-ip', limit: 30, windowSeconds: 15 * 60 },
  loginBackoff: DEFAULT_LOGIN_BACKOFF,
  forgotPerIp: { name: 'forgot-ip', limit: 10, windowSeconds: 60 * 60 },
  forgotPerEmail: { name: 'forgot-email', limit: 3, windowSeconds: 60 * 60 },
  registerPerIp: { name: 'register-ip', limit: 20, windowSeconds: 60 * 60 },
};

/** Counts one attempt against each rule; over any limit, a 429 with a message and Retry-After. */
export async function enforce(cache: Cache, message: string, checks: Array<[RateLimitRule, string | undefined]>): Promise<void> {
  for (const [rule, subject] of checks) {
    if (!subject || rule.limit <= 0) continue;
    // A cache outage must not lock everyone out: the check is skipped then (fails open).
    const result = await hitRateLimit(cache, rule, subject.trim().toLowerCase()).catch(() => undefined);
    if (result && !result.allowed) {
      const minutes = Math.ceil(result.resetSeconds / 60);
      throw tooManyRequests(`${message}, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, result.resetSeconds);
    }
  }
}
