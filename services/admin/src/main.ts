import '@stockai/platform/src/tracing/register';
import { loadConfig, runServiceProcess } from '@stockai/platform';
import { adminService } from './app';
import { adminEnvSchema, adminOptionsFrom } from './config';

void runServiceProcess(adminService(adminOptionsFrom(loadConfig(adminEnvSchema))), 3005);
