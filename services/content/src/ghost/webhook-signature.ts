import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '@stockai/platform';

/** Webhooks older than this are refused, so a captured request cannot be replayed later. */
const MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Checks Ghost's `X-Ghost-Signature: sha256=<hex>, t=<ms>` header: an HMAC-SHA256, keyed
 * with the webhook's secret, of the JSON body followed by the timestamp. Ghost signs
 * `JSON.stringify(payload)` and sends exactly that text; the platform has already parsed the
 * body, and stringifying the parsed value gives the same text back (same key order, same
 * escaping), so the check runs on `JSON.stringify(body)`.
 */
export function verifyGhostSignature(secret: string, header: string | undefined, body: unknown, now = Date.now()): void {
  const parts = Object.fromEntries(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split('='))
      .filter((kv): kv is [string, string] => kv.length === 2),
  );
  const signature = parts.sha256;
  const timestamp = Number(parts.t);
  if (!signature || !Number.isFinite(timestamp)) throw unauthorized('Missing or malformed X-Ghost-Signature header', 'INVALID_SIGNATURE');
  if (Math.abs(now - timestamp) > MAX_AGE_MS) throw unauthorized('Webhook signature has expired', 'INVALID_SIGNATURE');
  const expected = createHmac('sha256', secret).update(`${JSON.stringify(body)}${parts.t}`).digest('hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length / 2 || !timingSafeEqual(given, Buffer.from(expected, 'hex'))) {
    throw unauthorized('Webhook signature does not match', 'INVALID_SIGNATURE');
  }
}

/** What Ghost sends, for the stand-in and the tests. */
export function ghostSignature(secret: string, body: unknown, timestamp = Date.now()): string {
  const hmac = createHmac('sha256', secret).update(`${JSON.stringify(body)}${timestamp}`).digest('hex');
  return `sha256=${hmac}, t=${timestamp}`;
}
