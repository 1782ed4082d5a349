import '@stockai/platform/src/tracing/register';
import { runServiceProcess } from '@stockai/platform';
import { adminService } from './app';

void runServiceProcess(adminService(), 3005);
