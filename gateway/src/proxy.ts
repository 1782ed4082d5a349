import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { AppError, type Logger, writeError } from '@stockai/platform';
import { isEventStream } from './event-streams';
import type { ServiceName } from './route-table';
import { forwardClientAddress } from './trusted-proxies';

export type Upstreams = Record<ServiceName, string>;

/**
 * How long a kept-alive upstream connection may sit unused before the gateway closes it. It must
 * stay below the services' keep-alive timeout (SERVICE_KEEP_ALIVE_MS, 65 s): a connection the
 * service is closing at the moment the gateway reuses it fails the request. Node's agent also
 * lowers this to a service's own `Keep-Alive: timeout=` hint, less a second, when that is shorter.
 */
export const UPSTREAM_IDLE_MS = 30_000;

/** An event stream whose service sent nothing for this long (not even its 10 s heartbeat) is gone. */
const STREAM_SILENCE_MS = 60_000;

interface ProxyOptions {
  upstreams: Upstreams;
  timeoutMs: number;
  logger: Logger;
  /** The client's address as the gateway determined it (TRUSTED_PROXIES), sent on as X-Forwarded-For. */
  clientAddressOf: (req: IncomingMessage) => string | undefined;
  idleMs?: number;
  /** Pooled connections per service (default 256). */
  maxSockets?: number;
}

type ProxiedRequest = IncomingMessage & { upstream?: ServiceName };

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Forwards the request unchanged (path, Authorization header, body stream) to the service
 * chosen by the route table. Ordinary requests share a pool of kept-alive connections; event
 * streams, which hold theirs for minutes, each get a connection of their own outside that pool
 * (bounded by the stream caps in event-streams.ts), so open streams can never leave other
 * requests waiting for a socket.
 *
 * A request without a body that fails with a reset on a reused connection is sent once more on
 * a new one: the service closed an idle connection as the request left, so it never saw it.
 * An upstream that refuses or drops the connection otherwise gives a JSON 503; one that does
 * not answer in time a JSON 504.
 */
export function proxyToServices(options: ProxyOptions): RequestHandler {
  const pooled = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256, timeout: options.idleMs ?? UPSTREAM_IDLE_MS });
  const streams = new http.Agent({ keepAlive: false });
  const sent = new WeakMap<IncomingMessage, ClientRequest>();
  const retried = new WeakSet<IncomingMessage>();

  const proxy = (agent: http.Agent, timeoutMs: number): RequestHandler => {
    const middleware: RequestHandler = createProxyMiddleware({
      router: (req) => options.upstreams[(req as ProxiedRequest).upstream as ServiceName],
      target: options.upstreams.auth,
      changeOrigin: false,
      agent,
      on: {
        error(err, req, res) {
          const code = (err as NodeJS.ErrnoException).code;
          const reused = sent.get(req)?.reusedSocket === true;
          if (reused && code === 'ECONNRESET' && IDEMPOTENT.has(req.method ?? '') && !hasBody(req) && !retried.has(req)) {
            retried.add(req);
            // The request's (empty) body has ended; piping it again ends the new upstream request at once.
            void middleware(req as Parameters<RequestHandler>[0], res as Parameters<RequestHandler>[1], () => undefined);
            return;
          }
          options.logger.warn(
            { err: { message: err.message, code }, path: req.url, requestId: req.headers['x-request-id'] },
            'upstream error',
          );
          if (!(res instanceof http.ServerResponse)) {
            res.destroy();
            return;
          }
          writeError(
            code === 'ETIMEDOUT'
              ? new AppError(504, 'UPSTREAM_TIMEOUT', 'The service took too long to answer, please try again')
              : new AppError(503, 'UPSTREAM_UNAVAILABLE', 'The service is temporarily unavailable, please try again shortly'),
            req,
            res,
            options.logger,
          );
        },
        proxyReq(proxyReq, req) {
          sent.set(req, proxyReq);
          proxyReq.setTimeout(timeoutMs, () => {
            proxyReq.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' }));
          });
        },
      },
    });
    return middleware;
  };

  const ordinary = proxy(pooled, options.timeoutMs);
  const eventStreams = proxy(streams, Math.max(options.timeoutMs, STREAM_SILENCE_MS));
  return (req, res, next) => {
    // Set on the incoming request, which http-proxy copies: by the time its `proxyReq` hook runs,
    // a request that waited for a pooled connection has already sent its head.
    forwardClientAddress(req, options.clientAddressOf);
    (isEventStream(req) ? eventStreams : ordinary)(req, res, next);
  };
}
