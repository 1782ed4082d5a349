import { z } from 'zod';
import { env } from '@stockai/platform';
import { parseTrustedProxies } from './trusted-proxies';

/** The gateway's environment (README, "Configuration"). */
export const gatewayEnvSchema = z.object({
  PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: env.logLevel(),
  REDIS_URL: env.url().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('stockai:'),
  JWT_PUBLIC_KEY: z.string({ message: 'is required (PEM text, or JWT_PUBLIC_KEY_FILE with its path)' }).min(1),
  /** Where each service listens: a URL, or its replicas' URLs separated by commas (ADR 0073). */
  AUTH_URL: env.urlList('http://127.0.0.1:3001'),
  BILLING_URL: env.urlList('http://127.0.0.1:3002'),
  ANALYSIS_URL: env.urlList('http://127.0.0.1:3003'),
  CONTENT_URL: env.urlList('http://127.0.0.1:3004'),
  ADMIN_URL: env.urlList('http://127.0.0.1:3005'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  UPSTREAM_TIMEOUT_MS: env.positiveInt(15000),
  /** On SIGTERM: how long to serve on while not ready, for the load balancers to notice (ADR 0073). */
  SHUTDOWN_DELAY_MS: env.nonNegativeInt(0),
  MAX_BODY_BYTES: env.positiveInt(1024 * 1024),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  WEB_DIR: z.string().optional(),
  /** A hop count or addresses/CIDRs (trusted-proxies.ts); only these may set X-Forwarded-For. */
  TRUSTED_PROXIES: z
    .string()
    .default('loopback')
    .transform((spec, ctx) => {
      try {
        return parseTrustedProxies(spec);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `must be a hop count or addresses/CIDRs (${(err as Error).message})` });
        return z.NEVER;
      }
    }),
  STREAMS_PER_USER: env.positiveInt(20),
  STREAMS_MAX: env.positiveInt(1000),
});
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;
