import type { RequestHandler } from 'express';
import type { Cache } from '../cache/types';
import { tooManyRequests } from '../errors';

export interface RateLimitRule {
  /** Names the counter family, e.g. `gateway` or `login-ip`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

/**
 * Fixed-window counters in the cache (Redis when distributed, so every gateway and service
 * replica shares them). One atomic INCR per request; the key expires with its window.
 */
export async function hitRateLimit(cache: Cache, rule: RateLimitRule, subject: string, nowMs = Date.now()): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const window = Math.floor(nowMs / windowMs);
  const count = await cache.incr(`rl:${rule.name}:${subject}:${window}`, rule.windowSeconds + 1);
  const resetSeconds = Math.max(1, Math.ceil(((window + 1) * windowMs - nowMs) / 1000));
  return { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), resetSeconds };
}

export function rateLimit(
  cache: Cache,
  rule: RateLimitRule,
  subjectOf: (req: Parameters<RequestHandler>[0]) => string | undefined,
  message = 'Too many requests, please try again later',
): RequestHandler {
  return async (req, res, next) => {
    const subject = subjectOf(req);
    if (!subject || rule.limit <= 0) return next();
    // A cache outage must not take the API down with it: without counters, let requests through.
    const result = await hitRateLimit(cache, rule, subject).catch(() => undefined);
    if (!result) return next();
    res.setHeader('RateLimit-Limit', String(rule.limit));
    res.setHeader('RateLimit-Remaining', String(result.remaining));
    res.setHeader('RateLimit-Reset', String(result.resetSeconds));
    next(result.allowed ? undefined : tooManyRequests(message, result.resetSeconds));
  };
}
