import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';

/**
 * The analysis service: stocks, analyses and their workers. Its routes (stocks*, analysis/*,
 * users/analysis-history, users/stats, analyze-stocks, analyze-polling) are routed to it by
 * the gateway already and answer 404 until the analysis feature lands.
 */
export function analysisService(): ServiceDefinition {
  return { name: 'analysis', migrationsDir: path.join(__dirname, '..', 'migrations'), build: () => ({ routes: [] }) };
}
