import '@stockai/platform/src/tracing/register';
import { loadConfig, runServiceProcess } from '@stockai/platform';
import { analysisWorker } from './app';
import { analysisEnvSchema, analysisOptionsFrom } from './config';

/**
 * An analysis worker process (distributed shape): consumes `analysis.jobs` from RabbitMQ,
 * ANALYSIS_WORKERS (default 2) jobs at a time, against the analysis service's database. Run as
 * many as the load needs; RabbitMQ shares the jobs among them. Its HTTP port (PORT, default
 * 3013) serves only /healthz and /readyz.
 */
const config = loadConfig(analysisEnvSchema);
void runServiceProcess(analysisWorker(analysisOptionsFrom(config, 2)), 3013);
