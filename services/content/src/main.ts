import '@stockai/platform/src/tracing/register';
import { runServiceProcess } from '@stockai/platform';
import { contentService } from './app';

void runServiceProcess(contentService(), 3004);
