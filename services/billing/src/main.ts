import '@stockai/platform/src/tracing/register';
import { loadConfig, runServiceProcess } from '@stockai/platform';
import { billingService } from './app';
import { billingEnvSchema, billingOptionsFrom } from './config';

void runServiceProcess(billingService(billingOptionsFrom(loadConfig(billingEnvSchema))), 3002);
