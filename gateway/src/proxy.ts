import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
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
 * Headers about one connection, not the message (RFC 9110 §7.6.1): each side of the gateway has
 * its own. A client's `Connection: close` must not close a pooled upstream connection, and the
 * gateway's own server frames and keeps alive its answers to the client.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * Forwards the request unchanged (method, path, headers but the hop-by-hop ones, body stream) to
 * the service chosen by the route table, and its answer (status, headers, body stream) back.
 * Ordinary requests share a pool of kept-alive connections; event streams, which hold theirs for
 * minutes, each get a connection of their own outside that pool (bounded by the stream caps in
 * event-streams.ts), so open streams can never leave other requests waiting for a socket.
 *
 * A request without a body that fails with a reset on a reused connection is sent once more on
 * a new one: the service closed an idle connection as the request left, so it never saw it.
 * An upstream that refuses or drops the connection otherwise gives a JSON 503; one that does
 * not answer in time a JSON 504.
 *
 * It is node's own HTTP client, without a proxy library: http-proxy(-middleware) parsed the
 * target URL, copied the headers several times and hooked events on every request, a third of
 * the gateway's CPU per request (ADR 0071).
 */
export function proxyToServices(options: ProxyOptions): RequestHandler {
  const pooled = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256, timeout: options.idleMs ?? UPSTREAM_IDLE_MS });
  const streams = new http.Agent({ keepAlive: false });
  const targets = Object.fromEntries(
    Object.entries(options.upstreams).map(([service, url]) => [service, upstreamTarget(service, url)]),
  ) as Record<ServiceName, { host: string; port: number }>;

  return (req, res) => {
    // Set before the request leaves: one that waits for a pooled connection is sent as it was made.
    forwardClientAddress(req, options.clientAddressOf);
    const stream = isEventStream(req);
    const target = targets[(req as ProxiedRequest).upstream as ServiceName];
    // An object, not a flat list: instrumentation that adds headers on the way out (OpenTelemetry's
    // traceparent) copies `headers` as an object, and a list lost every header to it.
    const headers: http.OutgoingHttpHeaders = {};
    for (const name in req.headers) {
      const value = req.headers[name];
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    const withBody = hasBody(req);
    const retryable = IDEMPOTENT.has(req.method ?? '') && !withBody;
    let upstream: ClientRequest;
    let retried = false;

    const send = () => {
      upstream = http.request({
        host: target.host,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent: stream ? streams : pooled,
      });
      upstream.setTimeout(stream ? Math.max(options.timeoutMs, STREAM_SILENCE_MS) : options.timeoutMs, () => {
        upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' }));
      });
      upstream.once('response', (answer) => relay(answer, res));
      upstream.once('error', (err: NodeJS.ErrnoException) => {
        // The client left and the request was dropped with it (below): nobody to answer.
        if (res.destroyed) return;
        if (retryable && !retried && err.code === 'ECONNRESET' && upstream.reusedSocket && !res.headersSent) {
          retried = true;
          send();
          return;
        }
        failed(err, req, res, options.logger);
      });
      if (withBody) req.pipe(upstream);
      else upstream.end();
    };
    send();
    // The client went away before the whole answer was sent: the service stops too (an event
    // stream's connection is closed, so the service sees its client leave).
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  };
}

/**
 * Where a service listens: plain HTTP to a host and port, as every shape runs them (the
 * services are reached inside the cluster; TLS ends in front of the gateway).
 */
function upstreamTarget(service: string, url: string): { host: string; port: number } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || (parsed.pathname !== '/' && parsed.pathname !== '')) {
    throw new Error(`${service.toUpperCase()}_URL must be http://host:port, without a path (got ${url})`);
  }
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port) || 80 };
}

function relay(answer: IncomingMessage, res: ServerResponse) {
  const headers: Record<string, string | string[]> = {};
  for (const name in answer.headers) {
    const value = answer.headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
  // A service that drops its connection mid-answer: the client's is dropped too, not ended as if complete.
  answer.once('error', () => res.destroy());
  answer.once('aborted', () => res.destroy());
  answer.pipe(res);
}

function failed(err: NodeJS.ErrnoException, req: IncomingMessage, res: ServerResponse, logger: Logger) {
  logger.warn({ err: { message: err.message, code: err.code }, path: req.url, requestId: req.headers['x-request-id'] }, 'upstream error');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  writeError(
    err.code === 'ETIMEDOUT'
      ? new AppError(504, 'UPSTREAM_TIMEOUT', 'The service took too long to answer, please try again')
      : new AppError(503, 'UPSTREAM_UNAVAILABLE', 'The service is temporarily unavailable, please try again shortly'),
    req,
    res,
    logger,
  );
}
