import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';

/**
 * The content service: blog articles and Ghost. Its routes (ghost/*) are routed to it by the
 * gateway already and answer 404 until the content feature lands.
 */
export function contentService(): ServiceDefinition {
  return { name: 'content', migrationsDir: path.join(__dirname, '..', 'migrations'), build: () => ({ routes: [] }) };
}
