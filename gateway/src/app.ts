import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import {
  AppError,
  accessLog,
  type Cache,
  type Logger,
  REQUEST_ID_HEADER,
  type ReadinessCheck,
  authenticate,
  errorHandler,
  healthRoutes,
  rateLimit,
  requestId,
} from '@stockai/platform';
import { proxyToServices, type Upstreams } from './proxy';
import { type ServiceName, serviceFor } from './route-table';

export interface GatewayOptions {
  logger: Logger;
  cache: Cache;
  publicKey: string;
  upstreams: Upstreams;
  /** Requests per minute per client IP across all routes; 0 turns the limit off. */
  rateLimitPerMinute: number;
  upstreamTimeoutMs: number;
  corsOrigins: string[];
  /** Largest request body accepted, checked on Content-Length before anything is forwarded. */
  maxBodyBytes: number;
  /** The built web app (all-in-one); the distributed shape serves it from its own container. */
  webDir?: string;
}

/**
 * The API gateway: security headers, CORS, request ids, rate limits, a token pre-check, and
 * the route table to the five services. The services check the token again and own every
 * decision about what the caller may do.
 */
export function createGatewayApp(options: GatewayOptions): Express {
  const { logger, cache } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');

  app.use(requestId);
  // API calls only: static files of the web app are not logged.
  app.use(accessLog(logger, (req) => !req.url?.startsWith('/api')));
  app.use(helmet());
  app.use(cors({ origin: options.corsOrigins.length ? options.corsOrigins : false, credentials: false, exposedHeaders: [REQUEST_ID_HEADER, 'Retry-After'] }));
  app.use(healthRoutes(upstreamChecks(options.upstreams, cache)));

  const api = express.Router();
  api.use(
    rateLimit(cache, { name: 'gateway', limit: options.rateLimitPerMinute, windowSeconds: 60 }, (req) => req.ip),
  );
  api.use((req, _res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > options.maxBodyBytes) return next(new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'));
    const service = serviceFor(req.originalUrl.split('?')[0] ?? '');
    if (!service) return next(new AppError(404, 'NOT_FOUND', `No API route for ${req.method} ${req.path}`));
    (req as unknown as { upstream: ServiceName }).upstream = service;
    next();
  });
  // Signature and expiry only: each service checks revocation itself on every request, so a
  // revocation lookup here would be a second Redis round trip per call for the same answer.
  api.use(authenticate({ publicKey: options.publicKey }));
  api.use(proxyToServices({ upstreams: options.upstreams, timeoutMs: options.upstreamTimeoutMs, logger }));
  app.use('/api', api);

  if (options.webDir && existsSync(path.join(options.webDir, 'index.html'))) serveWebApp(app, options.webDir);

  app.use((req, res) => {
    res.status(404).json({ error: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
  });
  app.use(errorHandler(logger));
  return app;
}

function upstreamChecks(upstreams: Upstreams, cache: Cache): Record<string, ReadinessCheck> {
  const checks: Record<string, ReadinessCheck> = { cache: () => cache.ping() };
  for (const [name, url] of Object.entries(upstreams)) {
    checks[name] = async () => {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1500) });
      if (!res.ok) throw new Error(`not ready (${res.status})`);
    };
  }
  return checks;
}

/** Static files with long caching for hashed assets; every other GET falls back to index.html. */
function serveWebApp(app: Express, webDir: string) {
  app.use(
    '/assets',
    express.static(path.join(webDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  app.use(express.static(webDir, { index: false, maxAge: '1h' }));
  const indexHtml = path.join(webDir, 'index.html');
  app.get(/.*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
