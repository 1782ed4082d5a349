import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import cors from 'cors';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import proxyAddr from 'proxy-addr';
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
  requestIdHeader,
  toAppError,
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

/** Proxies in front of the gateway whose X-Forwarded-For is believed (as express' `trust proxy`). */
const TRUSTED_PROXIES = proxyAddr.compile(['loopback', 'linklocal', 'uniquelocal']);

/** What the API path adds to a request on its way through. */
type ApiRequest = IncomingMessage & { upstream?: ServiceName };

/**
 * The API gateway: security headers, CORS, request ids, access logs, rate limits, a token
 * pre-check and the route table to the five services. The services check the token again
 * and own every decision about what the caller may do.
 *
 * `/api` requests take a short path: the same connect-style middleware (helmet, cors,
 * pino-http, the platform's rate limit and token check, http-proxy-middleware) run one after
 * the other on node's own request and response, without Express' router. The gateway does
 * nothing else on every call, and Express' per-request work was more than half of its CPU
 * per proxied request (bench/README.md). Everything else — health, the web app, 404s — is
 * an ordinary Express app.
 */
export function createGatewayApp(options: GatewayOptions): RequestListener {
  const { logger, cache } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestIdHeader);
  app.use(helmet());
  app.use(healthRoutes(upstreamChecks(options.upstreams, cache)));
  if (options.webDir && existsSync(path.join(options.webDir, 'index.html'))) serveWebApp(app, options.webDir);
  app.use((req, res) => {
    res.status(404).json({ error: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
  });
  app.use(errorHandler(logger));

  const toService: RequestHandler = (req, _res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > options.maxBodyBytes) return next(new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'));
    const pathname = (req.url ?? '').split('?')[0] ?? '';
    const service = serviceFor(pathname);
    if (!service) return next(new AppError(404, 'NOT_FOUND', `No API route for ${req.method} ${pathname}`));
    (req as ApiRequest).upstream = service;
    next();
  };
  const api = inSequence(
    [
      requestIdHeader,
      accessLog(logger),
      helmet(),
      cors({
        origin: options.corsOrigins.length ? options.corsOrigins : false,
        credentials: false,
        exposedHeaders: [REQUEST_ID_HEADER, 'Retry-After'],
      }),
      rateLimit(cache, { name: 'gateway', limit: options.rateLimitPerMinute, windowSeconds: 60 }, (req) => proxyAddr(req, TRUSTED_PROXIES)),
      toService,
      // Signature and expiry only: each service checks revocation itself on every request, so a
      // revocation lookup here would be a second Redis round trip per call for the same answer.
      authenticate({ publicKey: options.publicKey }),
      proxyToServices({ upstreams: options.upstreams, timeoutMs: options.upstreamTimeoutMs, logger }),
    ],
    (err, req, res) => sendError(err, req, res, logger),
  );

  return (req, res) => {
    const url = req.url ?? '';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) api(req, res);
    else void app(req, res);
  };
}

/** Runs connect-style middleware one after the other on node's request and response. */
function inSequence(
  handlers: RequestHandler[],
  onError: (err: unknown, req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let index = 0;
    const next = (err?: unknown): void => {
      if (err !== undefined) return onError(err, req, res);
      const handler = handlers[index++];
      if (!handler) return;
      try {
        const result: unknown = handler(req as Request, res as Parameters<RequestHandler>[1], next);
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    next();
  };
}

/** The one error shape, written on node's response (the API path has no Express response). */
function sendError(err: unknown, req: IncomingMessage, res: ServerResponse, logger: Logger) {
  const known = toAppError(err);
  if (!known) logger.error({ err, path: req.url, method: req.method }, 'unhandled error');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = known?.status ?? 500;
  const body = JSON.stringify(known ? { error: known.message, code: known.code } : { error: 'Internal server error', code: 'INTERNAL' });
  res.writeHead(status, {
    ...known?.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
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

/**
 * Static files with long caching for hashed assets; every other GET falls back to index.html.
 * Compressed (brotli, else gzip) as the web container's nginx does: the scripts shrink to about
 * a third. Only here: /api answers, server-sent progress included, pass through untouched.
 */
function serveWebApp(app: Express, webDir: string) {
  app.use(compression());
  app.use('/assets', express.static(path.join(webDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(webDir, { index: false, maxAge: '1h' }));
  const indexHtml = path.join(webDir, 'index.html');
  app.get(/.*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
