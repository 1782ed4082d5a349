import path from 'node:path';
import { z } from 'zod';
import { env } from '@stockai/platform';
import type { AuthOptions } from './app';

/** The auth service's settings from the environment (also read by the all-in-one process). */
export const authEnvSchema = z
  .object({
    TOKEN_LIFETIME_SECONDS: env.positiveInt(7 * 24 * 3600),
    /** Where users open the web app; password-reset links point here. Unset: the origin each request came to. */
    APP_URL: env.optionalUrl(),
    /** SMTP server for e-mail; unset, e-mails are written to MAIL_OUTBOX_DIR instead. */
    SMTP_URL: env.optionalUrl(),
    MAIL_FROM: z.string().min(3).default('StockAI 智能股票分析 <no-reply@stockai.local>'),
    MAIL_OUTBOX_DIR: z.string().min(1).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER_URL: env.url().default('https://accounts.google.com'),
    /** Default: APP_URL (else the request's origin) + /api/auth/google/callback (register this URL with Google). */
    GOOGLE_REDIRECT_URL: env.optionalUrl(),
    ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  })
  .refine((c) => Boolean(c.GOOGLE_CLIENT_ID) === Boolean(c.GOOGLE_CLIENT_SECRET), {
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both or neither',
    path: ['GOOGLE_CLIENT_SECRET'],
  })
  .refine((c) => Boolean(c.ADMIN_EMAIL) === Boolean(c.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither',
    path: ['ADMIN_PASSWORD'],
  });
export type AuthEnv = z.infer<typeof authEnvSchema>;

/** Options of the auth service from its settings; `dataDir` holds the local mail outbox. */
export function authOptionsFrom(config: AuthEnv, dataDir: string): AuthOptions {
  return {
    tokenLifetimeSeconds: config.TOKEN_LIFETIME_SECONDS,
    appUrl: config.APP_URL,
    mail: {
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.resolve(config.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'mail-outbox')),
    },
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            issuerUrl: config.GOOGLE_ISSUER_URL,
            redirectUrl:
              config.GOOGLE_REDIRECT_URL ?? (config.APP_URL ? `${config.APP_URL.replace(/\/$/, '')}/api/auth/google/callback` : undefined),
          }
        : undefined,
    admin: config.ADMIN_EMAIL && config.ADMIN_PASSWORD ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } : undefined,
  };
}
