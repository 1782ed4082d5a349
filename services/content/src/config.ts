import { z } from 'zod';
import { env } from '@stockai/platform';

/**
 * An optional variable; set but empty (as compose and the chart pass unset secrets) means
 * unset, and the newline a secret file usually ends with is not part of the value.
 */
const optional = (pattern: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.string().regex(pattern, message).optional());

/**
 * The content service's variables. Ghost is optional: without GHOST_URL every article comes
 * from the built-in library and member sync answers that Ghost is not configured.
 */
export const contentEnvSchema = z
  .object({
    GHOST_URL: env.optionalUrl(),
    GHOST_CONTENT_API_KEY: optional(/^[0-9a-f]{26}$/, 'must be the 26 hex characters of a Ghost Content API key'),
    GHOST_ADMIN_API_KEY: optional(/^[0-9a-f]{24}:[0-9a-f]{64}$/, 'must be a Ghost Admin API key: <24 hex id>:<64 hex secret>'),
    GHOST_WEBHOOK_SECRET: optional(/\S/, 'must not be blank'),
    GHOST_INDEX_REFRESH_MINUTES: env.positiveInt(15),
    GHOST_TIMEOUT_MS: env.positiveInt(5000),
  })
  .refine((c) => !c.GHOST_URL || c.GHOST_CONTENT_API_KEY, { message: 'is required when GHOST_URL is set', path: ['GHOST_CONTENT_API_KEY'] })
  .refine((c) => c.GHOST_URL || (!c.GHOST_CONTENT_API_KEY && !c.GHOST_ADMIN_API_KEY), {
    message: 'is required when a Ghost API key is set',
    path: ['GHOST_URL'],
  });

export type ContentEnv = z.infer<typeof contentEnvSchema>;

export interface ContentOptions {
  /** A search slower than this is stopped (default SEARCH_TIMEOUT_MS, 3 s); tests set it low. */
  searchTimeoutMs?: number;
  ghost?: {
    url: string;
    contentApiKey: string;
    adminApiKey?: string;
    webhookSecret?: string;
    refreshIntervalMs: number;
    timeoutMs: number;
  };
}

export function contentOptionsFrom(config: ContentEnv): ContentOptions {
  if (!config.GHOST_URL || !config.GHOST_CONTENT_API_KEY) return {};
  return {
    ghost: {
      url: config.GHOST_URL,
      contentApiKey: config.GHOST_CONTENT_API_KEY,
      adminApiKey: config.GHOST_ADMIN_API_KEY,
      webhookSecret: config.GHOST_WEBHOOK_SECRET,
      refreshIntervalMs: config.GHOST_INDEX_REFRESH_MINUTES * 60_000,
      timeoutMs: config.GHOST_TIMEOUT_MS,
    },
  };
}
