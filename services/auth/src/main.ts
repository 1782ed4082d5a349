import '@stockai/platform/src/tracing/register';
import { z } from 'zod';
import { env, loadConfig, runServiceProcess } from '@stockai/platform';
import { authService } from './app';

const config = loadConfig(
  z.object({
    JWT_PRIVATE_KEY: z.string({ message: 'is required in the auth service (PEM text, or JWT_PRIVATE_KEY_FILE)' }).min(1),
    TOKEN_LIFETIME_SECONDS: env.positiveInt(7 * 24 * 3600),
  }),
);
void runServiceProcess(authService({ tokenLifetimeSeconds: config.TOKEN_LIFETIME_SECONDS }), 3001);
