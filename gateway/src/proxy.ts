import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError, type Logger, type Replica, maySendAgain, wasNeverSent, writeError } from '@stockai/platform';
import { isEventStream } from './event-streams';
import type { ServiceName } from './route-table';
import { forwardClientAddress } from './trusted-proxies';
import { type UpstreamTarget, type Upstreams, upstreamReplicas } from './upstreams';

export type { Upstreams } from './upstreams';

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

const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Bodies up to this size (with a Content-Length) are read before they are sent on, so that a
 * request can be sent again to another replica; a larger or chunked body is streamed on as it
 * arrives, and such a request is never sent again.
 */
export const REPLAYABLE_BODY_BYTES = 64 * 1024;

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
 * A service's replicas are taken in turn (upstreams.ts). A request whose connection was refused
 * is sent to another replica, whatever its method; one whose connection was lost before any
 * byte of the answer only when repeating it is safe (GET, HEAD, or a POST with an
 * Idempotency-Key: `maySendAgain`), and only with a body it still holds
 * (REPLAYABLE_BODY_BYTES). Every replica refusing gives a JSON 503, a connection lost under a
 * request that may not be repeated a JSON 502, no answer in time a JSON 504.
 *
 * It is node's own HTTP client, without a proxy library: http-proxy(-middleware) parsed the
 * target URL, copied the headers several times and hooked events on every request, a third of
 * the gateway's CPU per request (ADR 0071).
 */
export function proxyToServices(options: ProxyOptions): RequestHandler {
  const pooled = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256, timeout: options.idleMs ?? UPSTREAM_IDLE_MS });
  const streams = new http.Agent({ keepAlive: false });
  const replicasOf = upstreamReplicas(options.upstreams, options.logger);

  return (req, res) => {
    // Set before the request leaves: one that waits for a pooled connection is sent as it was made.
    forwardClientAddress(req, options.clientAddressOf);
    const stream = isEventStream(req);
    const replicas = replicasOf[(req as ProxiedRequest).upstream as ServiceName];
    // An object, not a flat list: instrumentation that adds headers on the way out (OpenTelemetry's
    // traceparent) copies `headers` as an object, and a list lost every header to it.
    const headers: http.OutgoingHttpHeaders = {};
    for (const name in req.headers) {
      const value = req.headers[name];
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    const withBody = hasBody(req);
    // A body that can be sent again is read first (bounded); a larger one is streamed on, once.
    const replayable =
      !withBody || (req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length']) <= REPLAYABLE_BODY_BYTES);
    let body: Buffer | undefined;
    let upstream: ClientRequest | undefined;
    let replica = replicas.pick();
    let tried: Replica<UpstreamTarget>[] | undefined;

    const send = () => {
      const attempt = http.request({
        host: replica.target.host,
        port: replica.target.port,
        method: req.method,
        path: req.url,
        headers,
        agent: stream ? streams : pooled,
      });
      upstream = attempt;
      attempt.setTimeout(stream ? Math.max(options.timeoutMs, STREAM_SILENCE_MS) : options.timeoutMs, () => {
        attempt.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' }));
      });
      attempt.once('response', (answer) => {
        replicas.answered(replica);
        relay(answer, res);
      });
      attempt.once('error', (err: NodeJS.ErrnoException) => {
        // The client left and the request was dropped with it (below): nobody to answer.
        if (res.destroyed) return;
        if (wasNeverSent(err.code)) replicas.refused(replica);
        // Each replica once, and one more: a reset pooled connection is resent on a new one, even to a single replica.
        const attempts = (tried?.length ?? 0) + 1;
        if (
          attempts <= replicas.all.length &&
          maySendAgain({
            method: req.method ?? '',
            code: err.code,
            idempotencyKey: req.headers['idempotency-key'] !== undefined,
            replayable,
            answered: res.headersSent,
          })
        ) {
          (tried ??= []).push(replica);
          replica = replicas.pick(tried);
          send();
          return;
        }
        failed(err, req, res, options.logger);
      });
      if (!withBody) attempt.end();
      else if (replayable) attempt.end(body);
      else req.pipe(attempt);
    };
    if (withBody && replayable) {
      readBody(req, (whole) => {
        body = whole;
        send();
      });
    } else send();
    // The client went away before the whole answer was sent: the service stops too (an event
    // stream's connection is closed, so the service sees its client leave).
    res.once('close', () => {
      if (!res.writableFinished) upstream?.destroy();
    });
  };
}

/** The whole of a small body (under REPLAYABLE_BODY_BYTES, as its Content-Length says). */
function readBody(req: IncomingMessage, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('end', () => done(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
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
  writeError(errorFor(err.code), req, res, logger);
}

function errorFor(code: string | undefined): AppError {
  if (code === 'ETIMEDOUT') return new AppError(504, 'UPSTREAM_TIMEOUT', 'The service took too long to answer, please try again');
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    // Sent, maybe acted on, and not safe to send again (no Idempotency-Key): only the client can check.
    return new AppError(
      502,
      'UPSTREAM_CONNECTION_LOST',
      'The service closed the connection before answering, so the request may or may not have been carried out; check before sending it again, or send it with an Idempotency-Key',
    );
  }
  return new AppError(503, 'UPSTREAM_UNAVAILABLE', 'The service is temporarily unavailable, please try again shortly');
}
