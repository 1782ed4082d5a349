import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import cors from 'cors';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import {
  AppError,
  type AccessLevel,
  accessLevelOf,
  accessLog,
  type Cache,
  type Logger,
  REQUEST_ID_HEADER,
  authenticate,
  errorHandler,
  healthRoutes,
  httpMetrics,
  notFoundHandler,
  rateLimit,
  requestIdHeader,
  writeError,
} from '@stockai/platform';
import { apiDescription } from './api-description';
import { refuseLargeBodies } from './body-limit';
import { type StreamLimits, limitEventStreams } from './event-streams';
import { type InProcessServices, dispatchInProcess } from './in-process';
import { proxyToServices, type Upstreams } from './proxy';
import { type ServiceName, routePrefixFor, serviceFor } from './route-table';
import { type TrustProxy, clientAddress, parseTrustedProxies } from './trusted-proxies';
export interface GatewayOptions {
  logger: Logger;
  cache: Cache;
  publicKey: string;
  upstreams: Upstreams;
  /**
   * The services' HTTP apps when they run in this process (the all-in-one): requests are handed
   * to them directly (in-process.ts) rather than proxied to their loopback ports.
   */
  inProcess?: InProcessServices;
  /** Requests per minute per client IP across all routes; 0 turns the limit off. */
  rateLimitPerMinute: number;
  upstreamTimeoutMs: number;
  corsOrigins: string[];
  /** Largest request body accepted, checked on Content-Length before anything is forwarded. */
  maxBodyBytes: number;
  /** The built web app (all-in-one); the distributed shape serves it from its own container. */
  webDir?: string;
  /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES); default loopback only. */
  trustedProxies?: TrustProxy;
  /** Caps on open progress streams; default 20 per user and 1000 in all. */
  streamLimits?: StreamLimits;
  /** Idle time before a pooled upstream connection is closed (proxy.ts, UPSTREAM_IDLE_MS). */
  upstreamIdleMs?: number;
  /**
   * True once the process is draining (SIGTERM): `/readyz` answers 503 at once so balancers stop
   * sending new requests, while every route still serves (ADR 0073).
   */
  draining?: () => boolean;
  /** Pooled connections per service (proxy.ts); default 256. */
  maxUpstreamSockets?: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { perUser: 20, total: 1000 };

/** What the API path adds to a request on its way through. */
type ApiRequest = IncomingMessage & { upstream?: ServiceName; clientAddress?: string };

/**
 * The API gateway: security headers, CORS, request ids, access logs, rate limits, a token
 * pre-check and the route table to the five services. The services check the token again
 * and own every decision about what the caller may do.
 *
 * `/api` requests take a short path: connect-style middleware (helmet's headers, cors, the
 * access log, the platform's rate limit and token check, the proxy on node's HTTP client) run
 * one after the other on node's own request and response, without Express' router. The
 * gateway does nothing else on every call, and Express' per-request work was more than half of
 * its CPU per proxied request (bench/README.md, ADRs 6 and 71). Everything else — health, the
 * web app, 404s — is an ordinary Express app.
 */
export function createGatewayApp(options: GatewayOptions): RequestListener {
  const { logger, cache } = options;
  const trust = options.trustedProxies ?? parseTrustedProxies('loopback');
  const clientAddressOf = (req: IncomingMessage) => ((req as ApiRequest).clientAddress ??= clientAddress(req, trust));
  const securityHeaders = fixedHeadersOf(helmet());
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trust);
  app.use(requestIdHeader);
  app.use(helmet());
  // Ready means this process can serve: its own Redis. An upstream that is down is the
  // concern of that service's routes only (a fast JSON 503 from the proxy), never a reason
  // to take the whole API out of the load balancer.
  app.use(
    healthRoutes({
      shutdown: async () => {
        if (options.draining?.()) throw new Error('shutting down');
      },
      cache: () => cache.ping(),
    }),
  );
  if (options.webDir && existsSync(path.join(options.webDir, 'index.html'))) serveWebApp(app, options.webDir);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  const toService: RequestHandler = (req, _res, next) => {
    const pathname = (req.url ?? '').split('?')[0] ?? '';
    const service = serviceFor(pathname);
    if (!service) return next(new AppError(404, 'NOT_FOUND', `No API route for ${req.method} ${pathname}`));
    (req as ApiRequest).upstream = service;
    next();
  };
  const api = inSequence(
    [
      httpMetrics((req) => routePrefixFor((req.url ?? '').split('?')[0] ?? '')),
      requestIdHeader,
      accessLog(logger, { levelOf: accessLevel }),
      securityHeaders,
      cors({
        origin: options.corsOrigins.length ? options.corsOrigins : false,
        credentials: false,
        exposedHeaders: [REQUEST_ID_HEADER, 'Retry-After'],
      }),
      rateLimit(cache, { name: 'gateway', limit: options.rateLimitPerMinute, windowSeconds: 60 }, clientAddressOf),
      refuseLargeBodies(options.maxBodyBytes),
      apiDescription({ upstreams: options.upstreams, logger }),
      toService,
      // Signature and expiry only: each service checks revocation itself on every request, so a
      // revocation lookup here would be a second Redis round trip per call for the same answer.
      authenticate({ publicKey: options.publicKey }),
      limitEventStreams(options.streamLimits ?? DEFAULT_STREAM_LIMITS),
      options.inProcess
        ? dispatchInProcess(options.inProcess, clientAddressOf)
        : proxyToServices({
            upstreams: options.upstreams,
            timeoutMs: options.upstreamTimeoutMs,
            idleMs: options.upstreamIdleMs,
            maxSockets: options.maxUpstreamSockets,
            logger,
            clientAddressOf,
          }),
    ],
    (err, req, res) => writeError(err, req, res, logger),
  );

  return (req, res) => {
    const url = req.url ?? '';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) api(req, res);
    else void app(req, res);
  };
}

/** Answers slower than this are logged by the gateway even when the service answered well. */
const SLOW_ANSWER_MS = 1000;

/**
 * The gateway's access line for a request a service answered well and quickly is at debug: the
 * service logs the same request, with the same request id, at info. Everything the gateway
 * answered itself (401, 404, 413, 429, the API description), every 4xx/5xx and every slow
 * answer stays at info or above. Latency and status of every request are in the metrics.
 */
function accessLevel(req: IncomingMessage, res: ServerResponse, ms: number): AccessLevel {
  if ((req as ApiRequest).upstream && res.statusCode < 400 && ms < SLOW_ANSWER_MS) return 'debug';
  return accessLevelOf(res);
}

/**
 * A middleware whose headers are the same on every response (helmet's, as configured here),
 * run once at start on a stand-in response and replayed: helmet runs a dozen small middleware
 * per request to set the same dozen headers.
 */
function fixedHeadersOf(middleware: RequestHandler): RequestHandler {
  const headers: Array<[string, string | number | readonly string[]]> = [];
  let finished = false;
  const standIn = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.push([name, value]),
    removeHeader: () => undefined,
  };
  void middleware({ headers: {} } as Request, standIn as unknown as Parameters<RequestHandler>[1], () => {
    finished = true;
  });
  if (!finished) throw new Error('the middleware does not set fixed headers at once');
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
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

/**
 * Static files with long caching for hashed assets; every other GET falls back to index.html.
 * Compressed (brotli, else gzip) as the web container's nginx does: the scripts shrink to about
 * a third. Only here: /api answers pass through untouched, compressed (or not, as progress
 * streams) by the service that wrote them (platform's compress.ts, ADR 56).
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
