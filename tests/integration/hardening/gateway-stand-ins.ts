import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { type Cache, createLogger, createMemoryCache, generateRsaKeyPair, signAccessToken } from '@stockai/platform';
import { type GatewayOptions, createGatewayApp } from '../../../gateway/src/app';

/** What a stand-in service saw of one request. */
export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface StandIn {
  url: string;
  seen: Seen[];
  /** Requests whose connection closed while the stand-in was still answering them. */
  closedEarly: number;
  /** Connections the stand-in accepted, and how many of them have closed. */
  connections: { opened: number; closed: number };
  close(): Promise<void>;
}

/**
 * A service on loopback: `/events` paths answer as an event stream that stays open (a
 * `processing` analysis) with heartbeats, anything else with a JSON echo. It keeps connections alive for
 * `keepAliveMs`, as the real services do (65 s).
 */
export async function startStandIn(keepAliveMs = 65_000): Promise<StandIn> {
  const state: StandIn = {
    url: '',
    seen: [],
    closedEarly: 0,
    connections: { opened: 0, closed: 0 },
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    state.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    if (req.url?.endsWith('/events')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
      res.write('event: progress\ndata: {"status":"processing"}\n\n');
      // Heartbeats, as the analysis service sends them (every 10 s there), keep the stream from looking idle.
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 500);
      res.on('close', () => {
        clearInterval(heartbeat);
        if (!res.writableEnded) state.closedEarly++;
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url }));
  });
  server.keepAliveTimeout = keepAliveMs;
  server.on('connection', (socket) => {
    state.connections.opened++;
    socket.on('close', () => state.connections.closed++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/**
 * A service that answers the first request on a connection with keep-alive, then resets the
 * connection as the next request on it arrives: what a service closing an idle connection does
 * at the instant the gateway reuses it. A request on a new connection is answered.
 */
export async function startResettingStandIn(): Promise<{ url: string; requests: number; resets: number; close(): Promise<void> }> {
  const state = { url: '', requests: 0, resets: 0, close: async () => undefined as void };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let answered = 0;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      while (buffer.includes('\r\n\r\n')) {
        buffer = buffer.slice(buffer.indexOf('\r\n\r\n') + 4);
        if (answered > 0) {
          state.resets++;
          socket.resetAndDestroy();
          return;
        }
        answered++;
        state.requests++;
        const body = '{"ok":true}';
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\n\r\n${body}`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}

export interface TestGateway {
  url: string;
  port: number;
  token(userId: string): string;
  close(): Promise<void>;
}

/** The real gateway on a free loopback port, every route sent to `upstream`. */
export async function startGatewayTo(upstream: string, options: Partial<GatewayOptions> = {}): Promise<TestGateway> {
  const keys = generateRsaKeyPair();
  const cache: Cache = createMemoryCache();
  const app = createGatewayApp({
    logger: createLogger('gateway', 'silent'),
    cache,
    publicKey: keys.publicKey,
    upstreams: { auth: upstream, billing: upstream, analysis: upstream, content: upstream, admin: upstream },
    rateLimitPerMinute: 0,
    upstreamTimeoutMs: 10_000,
    corsOrigins: [],
    maxBodyBytes: 1024 * 1024,
    ...options,
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    token: (userId) => signAccessToken(keys.privateKey, { id: userId, role: 'user' }, 3600).token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        void cache.close();
      }),
  };
}
