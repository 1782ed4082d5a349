import '@stockai/platform/src/tracing/register';
import { z } from 'zod';
import { loadConfig, runServiceProcess } from '@stockai/platform';
import { authService } from './app';
import { authEnvSchema, authOptionsFrom } from './config';

loadConfig(
  z.object({ JWT_PRIVATE_KEY: z.string({ message: 'is required in the auth service (PEM text, or JWT_PRIVATE_KEY_FILE)' }).min(1) }),
);
const config = loadConfig(authEnvSchema);
void runServiceProcess(authService(authOptionsFrom(config, process.env.DATA_DIR ?? './data')), 3001);
