import { z } from 'zod';
import { env } from '@stockai/platform';
import type { AdminOptions } from './app';

/** Where the owners of the data listen (the admin service delegates every write to them): a URL each, or their replicas' separated by commas. */
export const adminEnvSchema = z.object({
  AUTH_URL: env.urlList('http://127.0.0.1:3001'),
  BILLING_URL: env.urlList('http://127.0.0.1:3002'),
  ANALYSIS_URL: env.urlList('http://127.0.0.1:3003'),
  ADMIN_OWNER_TIMEOUT_MS: env.positiveInt(10_000),
});
export type AdminEnv = z.infer<typeof adminEnvSchema>;

export function adminOptionsFrom(config: AdminEnv): AdminOptions {
  return {
    owners: { auth: config.AUTH_URL, billing: config.BILLING_URL, analysis: config.ANALYSIS_URL },
    ownerTimeoutMs: config.ADMIN_OWNER_TIMEOUT_MS,
  };
}
