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

/** A port free at the moment of asking. */
export async function freePort(): Promise<number> {
  const server = http.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
