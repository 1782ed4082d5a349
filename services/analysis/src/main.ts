import '@stockai/platform/src/tracing/register';
import { loadConfig, runServiceProcess } from '@stockai/platform';
import { analysisService } from './app';
import { analysisEnvSchema, analysisOptionsFrom } from './config';

/**
 * The analysis API process (distributed shape). It runs no analysis jobs by default
 * (ANALYSIS_WORKERS=0): `worker.ts` processes run them and scale on their own.
 */
const config = loadConfig(analysisEnvSchema);
void runServiceProcess(analysisService(analysisOptionsFrom(config, 0)), 3003);
