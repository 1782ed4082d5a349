import type { Queryable } from '@stockai/platform';

export interface RequestKey {
  userId: string;
  /** The paying route the key was sent to: the same key on another route is another request's. */
  route: 'topup' | 'payment-intent' | 'subscribe';
  idempotencyKey: string;
  bodyHash: string;
}

export const requestKeysRepo = {
  /** Records the key with its body's digest unless it is known; the digest it was first sent with. */
  async bind(db: Queryable, key: RequestKey): Promise<string> {
    const { rows } = await db.query<{ body_hash: string }>(
      `WITH inserted AS (
         INSERT INTO request_keys (user_id, route, idempotency_key, body_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, route, idempotency_key) DO NOTHING RETURNING body_hash
       )
       SELECT body_hash FROM inserted
       UNION ALL
       SELECT body_hash FROM request_keys WHERE user_id = $1 AND route = $2 AND idempotency_key = $3`,
      [key.userId, key.route, key.idempotencyKey, key.bodyHash],
    );
    return (rows[0] as { body_hash: string }).body_hash;
  },
};
