import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Cache, createLogger } from '@stockai/platform';
import { createGatewayApp } from '../../gateway/src/app';
import type { Upstreams } from '../../gateway/src/proxy';

/**
 * The real gateway on a free port in front of the services a test started; routes to services
 * the test did not start answer 503 as in production.
 */
export async function startTestGateway(options: {
  publicKey: string;
  cache: Cache;
  upstreams: Partial<Upstreams>;
  /** A fixed port (see freePort), when a URL must be known before the gateway starts; default any. */
  port?: number;
}): Promise<{ url: string; close(): Promise<void> }> {
  const nowhere = 'http://127.0.0.1:9';
  const app = createGatewayApp({
    logger: createLogger('gateway', 'silent'),
    cache: options.cache,
    publicKey: options.publicKey,
    upstreams: { auth: nowhere, billing: nowhere, analysis: nowhere, content: nowhere, admin: nowhere, ...options.upstreams },
    rateLimitPerMinute: 0,
    upstreamTimeoutMs: 10_000,
    corsOrigins: [],
    maxBodyBytes: 1024 * 1024,
  });
  const server = http.createServer(app).listen(options.port ?? 0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A port free at the moment of asking, for a server that must know its port before it starts.
 * Below Linux's ephemeral range (see `freePortBlock`): a port the kernel handed out for port 0
 * could be handed out again, to another suite's server or to an outgoing connection's local end,
 * before the caller binds it (a CI run met EADDRINUSE that way).
 */
export function freePort(): Promise<number> {
  return freePortBlock(1);
}

/**
 * The first of `size` consecutive free ports, for a distributed run whose processes take
 * `base + n`. Chosen at random below Linux's ephemeral range (32768 up), where the kernel never
 * hands out a port of its own: a base next to a `freePort()` answer could overlap another run's
 * block, or a port a test binds with port 0, when suites run side by side.
 */
export async function freePortBlock(size: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - size));
    const taken = await Promise.all(Array.from({ length: size }, (_, i) => isTaken(base + i)));
    if (!taken.includes(true)) return base;
  }
  throw new Error(`no ${size} consecutive free ports found`);
}

function isTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = http.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(false)));
  });
}
