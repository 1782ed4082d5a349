import '@stockai/platform/src/tracing/register';
import { runServiceProcess } from '@stockai/platform';
import { analysisService } from './app';

void runServiceProcess(analysisService(), 3003);
