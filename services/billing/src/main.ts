import '@stockai/platform/src/tracing/register';
import { z } from 'zod';
import { loadConfig, runServiceProcess } from '@stockai/platform';
import { billingService } from './app';

const config = loadConfig(z.object({ STRIPE_SECRET_KEY: z.string().min(1).optional() }));
void runServiceProcess(billingService({ demoPayments: !config.STRIPE_SECRET_KEY }), 3002);
