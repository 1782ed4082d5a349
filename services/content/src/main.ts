import '@stockai/platform/src/tracing/register';
import { loadConfig, runServiceProcess } from '@stockai/platform';
import { contentService } from './app';
import { contentEnvSchema, contentOptionsFrom } from './config';

void runServiceProcess(contentService(contentOptionsFrom(loadConfig(contentEnvSchema))), 3004);
