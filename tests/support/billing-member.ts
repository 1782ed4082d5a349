import { randomUUID } from 'node:crypto';
import { newEvent, signAccessToken } from '@stockai/platform';
import { type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';

/** A JSON call to one service: the answer's status and parsed body. */
export type Caller = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/** Calls `baseUrl` with JSON, carrying `bearer` as the Authorization header when there is one. */
export function jsonCaller(baseUrl: string, bearer?: string | null): Caller {
  return async (method, path, body, headers = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}

/** A token the service accepts (signed with its keys), for `id` in `role`. */
export const tokenFor = (service: TestService, id: string, role: 'user' | 'admin' = 'user') =>
  signAccessToken(service.keys.privateKey, { id, role }, 3600).token;

export interface BillingMember {
  userId: string;
  email: string;
  bearer: string;
  /** Calls billing as this member. */
  call: Caller;
}

/**
 * A member as auth announces one: `user.registered` on the billing service's bus, then waited
 * for until billing has opened the credit account and filled the directory entry, so that the
 * test starts from a member billing fully knows.
 */
export async function registerMember(
  service: TestService,
  name: { emailPrefix?: string; firstName?: string; lastName?: string } = {},
): Promise<BillingMember> {
  const userId = randomUUID();
  const email = `${uniqueName(name.emailPrefix ?? 'member')}@example.com`;
  const { firstName = 'Ada', lastName = 'Lovelace' } = name;
  await service.bus.publish(newEvent('user.registered', { userId, email, firstName, lastName, registeredAt: new Date().toISOString() }));
  await waitFor('the account and the directory entry', async () => {
    const { rows } = await service.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM credit_accounts WHERE user_id = $1)::int + (SELECT count(*) FROM user_directory WHERE user_id = $1)::int AS n',
      [userId],
    );
    return rows[0]?.n === 2;
  });
  const bearer = tokenFor(service, userId);
  return { userId, email, bearer, call: jsonCaller(service.url, bearer) };
}
