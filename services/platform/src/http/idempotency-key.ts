import type { Request } from 'express';
import { z } from 'zod';
import { badRequest } from '../errors';

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
