import '@stockai/platform/src/tracing/register';
import { runServiceProcess } from '@stockai/platform';
import { billingService } from './app';

void runServiceProcess(billingService(), 3002);
