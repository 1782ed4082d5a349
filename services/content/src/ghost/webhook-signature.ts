import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '@stockai/platform';

/** Webhooks older than this are refused, so a captured request cannot be replayed later. */
const MAX_AGE_MS = 5 * 60 * 1000;

const hmac = (secret: string, body: Buffer | string, timestamp: string) =>
  createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'), Buffer.from(timestamp, 'utf8')]))
    .digest('hex');

/**
 * Checks Ghost's `X-Ghost-Signature: sha256=<hex>, t=<ms>` header: an HMAC-SHA256, keyed
 * with the webhook's secret, of the body's bytes as sent followed by the timestamp. The check
 * runs on the raw bytes (`rawBodyOf`), never on a re-serialised parse: any difference in
 * spacing, key order or escaping would refuse a genuine webhook.
 */
export function verifyGhostSignature(secret: string, header: string | undefined, rawBody: Buffer | undefined, now = Date.now()): void {
  const parts = Object.fromEntries(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split('='))
      .filter((kv): kv is [string, string] => kv.length === 2),
  );
  const signature = parts.sha256;
  const timestamp = Number(parts.t);
  if (!signature || !Number.isFinite(timestamp) || !rawBody)
    throw unauthorized('Missing or malformed X-Ghost-Signature header', 'INVALID_SIGNATURE');
  if (Math.abs(now - timestamp) > MAX_AGE_MS) throw unauthorized('Webhook signature has expired', 'INVALID_SIGNATURE');
  const expected = hmac(secret, rawBody, parts.t!);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length / 2 || !timingSafeEqual(given, Buffer.from(expected, 'hex'))) {
    throw unauthorized('Webhook signature does not match', 'INVALID_SIGNATURE');
  }
}

/** What Ghost sends for `body` (the exact text sent, or a value Ghost would `JSON.stringify`), for the stand-in and the tests. */
export function ghostSignature(secret: string, body: unknown, timestamp = Date.now()): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return `sha256=${hmac(secret, text, String(timestamp))}, t=${timestamp}`;
}
