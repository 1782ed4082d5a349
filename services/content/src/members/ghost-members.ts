// The web e2e project reaches this file through imports only, so it needs the reference to see the declarations.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../ghost/tryghost.d.ts" />
import GhostAdminAPI, { type GhostMember } from '@tryghost/admin-api';
import { ghostRequest } from '../ghost/ghost-request';
import { nqlString } from '../ghost/nql';

export type { GhostMember };

/** Ghost's members, through the official Admin API client (it signs each call with the admin key). */
export interface GhostMembers {
  findByEmail(email: string): Promise<GhostMember | undefined>;
  create(member: { email: string; name: string }): Promise<GhostMember>;
  rename(id: string, name: string): Promise<GhostMember>;
}

/** The label every member created by StockAI carries, so Ghost admins can tell them apart. */
export const MEMBER_LABEL = 'StockAI';

export function ghostMembers(settings: { url: string; adminApiKey: string; timeoutMs: number }): GhostMembers {
  const request = ghostRequest({ timeoutMs: settings.timeoutMs });
  const api = GhostAdminAPI({
    url: settings.url.replace(/\/+$/, ''),
    key: settings.adminApiKey,
    version: 'v5.0',
    // The Admin client expects the body of the answer, where the Content client takes the answer.
    makeRequest: async (call) => (await request(call)).data,
  });
  return {
    async findByEmail(email) {
      const found = await api.members.browse({ filter: `email:${nqlString(email)}`, limit: 1 });
      return found[0];
    },
    create: ({ email, name }) => api.members.add({ email, name, labels: [{ name: MEMBER_LABEL }] }),
    rename: (id, name) => api.members.edit({ id, name }),
  };
}
