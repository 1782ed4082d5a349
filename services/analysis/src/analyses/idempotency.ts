import { createHash } from 'node:crypto';

/**
 * The analysis id of a start made with an `Idempotency-Key`: a name-based uuid (version 5
 * layout) of the user and the key. A retried POST therefore names the same analysis, and its
 * debit the same ledger reference (`analysis:<id>`), so it is charged once; the user is part of
 * the name, so two users' keys never meet. Billing's refund on `analysis.failed` uses the same
 * reference, which is why the key shapes the id rather than being a second reference.
 */
export function analysisIdFor(userId: string, idempotencyKey: string): string {
  const bytes = createHash('sha1').update(`stockai:analysis-start\n${userId}\n${idempotencyKey}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
