import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { z } from 'zod';
import { AppError, badRequest } from '../errors';

/** Under Stripe's own limit on its idempotency keys (255); ours end up in references and unique indexes too. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

const idempotencyKey = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, `must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

/**
 * The request's `Idempotency-Key` header, checked like a body field: a retried call with the
 * same key acts once, so a key that cannot be stored or compared as sent is a 400 naming the
 * header, not a key quietly cut short or a database error. Undefined when there is none.
 */
export function idempotencyKeyOf(req: Request): string | undefined {
  const value = req.get('idempotency-key');
  if (value === undefined) return undefined;
  const parsed = idempotencyKey.safeParse(value);
  if (!parsed.success) throw badRequest(`Idempotency-Key: ${parsed.error.issues[0]?.message ?? 'is invalid'}`, 'VALIDATION_FAILED');
  return parsed.data;
}

/**
 * A digest of what a request asks for (its parsed body; object keys in any order), to bind an
 * `Idempotency-Key` to one request: a key sent again with another body is a client's mistake
 * to refuse (`idempotencyKeyReused`), never a second action nor a silent replay of the first.
 */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The 422 of an `Idempotency-Key` reused for a different request (as the analysis start answers it). */
export const idempotencyKeyReused = (what: string) =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', `This Idempotency-Key was already used for ${what}; send a new key for a new request`);
