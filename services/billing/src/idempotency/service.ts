import { type Database, idempotencyKeyReused, requestFingerprint } from '@stockai/platform';
import { type RequestKey, requestKeysRepo } from './repo';

const WHAT: Record<RequestKey['route'], string> = {
  topup: 'a top-up of another amount',
  'payment-intent': 'a payment of another package',
  subscribe: 'a subscription to another plan, cycle or card',
};

/**
 * Binds a member's `Idempotency-Key` on a paying route to the request's body, before the
 * request acts: the first body sent with it is the one it names. A repeat with the same body
 * goes on (and acts once: each route keys its own effect on the key); another body is a 422.
 */
export function requestKeys(db: Database) {
  return {
    async bind(userId: string, route: RequestKey['route'], idempotencyKey: string | undefined, body: unknown): Promise<void> {
      if (idempotencyKey === undefined) return;
      const bodyHash = requestFingerprint(body);
      const bound = await requestKeysRepo.bind(db, { userId, route, idempotencyKey, bodyHash });
      if (bound !== bodyHash) throw idempotencyKeyReused(WHAT[route]);
    },
  };
}

export type RequestKeys = ReturnType<typeof requestKeys>;
