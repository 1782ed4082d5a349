import express, { type Express, type RequestHandler, type Router } from 'express';
import { errorHandler, notFoundHandler } from '../errors';
import type { Logger } from '../logger';
import { expressRoute, httpMetrics } from '../metrics/http';
import { healthRoutes, type ReadinessCheck } from './health';
import { accessLog } from './access-log';
import { compressAnswers } from './compress';
import { rejectDeepBody, rejectNulInBody } from './input-guard';
import { noStoreByDefault } from './no-store';
import { singleValuedQuery } from './query-guard';
import { keepRawBody } from './raw-body';
import { requestId } from './request-id';

export { rawBodyOf } from './raw-body';

export const JSON_BODY_LIMIT = '100kb';

export interface ServiceAppOptions {
  logger: Logger;
  readiness: Record<string, ReadinessCheck>;
  /** Verifies the bearer token (again, after the gateway) and sets `req.caller`. */
  authenticate: RequestHandler;
  /** Public routes (the gateway forwards `/api/...` with the path unchanged). */
  routes: Router[];
  /**
   * Paths whose JSON bodies may be larger than 100 kB, with their limit (e.g. `'1mb'`): webhooks
   * that carry whole documents. The gateway's MAX_BODY_BYTES still caps what reaches a service.
   */
  bodyLimits?: Record<string, string>;
}

/**
 * The common shell of every service: request ids, access logs, health routes, answers over 1 KB
 * compressed (compress.ts; never a progress stream), `no-store` unless a
 * route allows caching (no-store.ts), one text per query parameter (query-guard.ts), JSON bodies
 * (100 kB) without NUL characters (input-guard.ts), token verification, the routes, then the one error shape for anything unknown or thrown.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestId);
  app.use(httpMetrics(expressRoute));
  app.use(accessLog(options.logger));
  app.use(healthRoutes(options.readiness));
  app.use(compressAnswers());
  app.use(noStoreByDefault);
  app.use(singleValuedQuery);
  // A path with its own limit is parsed first; the general parser then leaves its body alone.
  for (const [path, limit] of Object.entries(options.bodyLimits ?? {})) app.use(path, express.json({ limit, verify: keepRawBody }));
  app.use(express.json({ limit: JSON_BODY_LIMIT, verify: keepRawBody }));
  app.use(rejectNulInBody);
  app.use(rejectDeepBody);
  app.use(options.authenticate);
  for (const router of options.routes) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
