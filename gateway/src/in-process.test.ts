import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createMemoryCache, generateRsaKeyPair, signAccessToken } from '@stockai/platform';
import { type GatewayOptions, createGatewayApp } from './app';
import type { InProcessServices } from './in-process';
import type { ServiceName } from './route-table';
import { parseTrustedProxies } from './trusted-proxies';

interface Seen {
  service: ServiceName;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  sameSocket: boolean;
}

/**
 * The all-in-one's wiring with stand-in service apps: each records what it was handed and
 * answers with it; the analysis app holds an event stream open until the test ends it. The
 * services' URLs point at a closed port, so an answer proves no network hop was made.
 */
async function startGateway(overrides: Partial<GatewayOptions> = {}) {
  const keys = generateRsaKeyPair();
  const cache = createMemoryCache();
  const seen: Seen[] = [];
  const openStreams: ServerResponse[] = [];
  const clientSockets = new Set<unknown>();

  const serviceApp =
    (service: ServiceName): RequestListener =>
    (req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({
          service,
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body,
          sameSocket: clientSockets.has(req.socket),
        });
        if (req.url?.endsWith('/events')) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('data: {"progress":40}\n\n');
          openStreams.push(res);
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ service, url: req.url }));
      });
    };
  const inProcess = Object.fromEntries(
    (['auth', 'billing', 'analysis', 'content', 'admin'] as const).map((name) => [name, serviceApp(name)]),
  ) as InProcessServices;

  const nowhere = 'http://127.0.0.1:9';
  const app = createGatewayApp({
    logger: createLogger('gateway', 'silent'),
    cache,
    publicKey: keys.publicKey,
    upstreams: { auth: nowhere, billing: nowhere, analysis: nowhere, content: nowhere, admin: nowhere },
    inProcess,
    rateLimitPerMinute: 1000,
    upstreamTimeoutMs: 300,
    corsOrigins: [],
    maxBodyBytes: 1024,
    streamLimits: { perUser: 1, total: 10 },
    ...overrides,
  });
  const server = http.createServer(app).listen(0, '127.0.0.1');
  server.on('connection', (socket) => clientSockets.add(socket));
  await new Promise((r) => server.once('listening', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    openStreams,
    token: (id: string) => signAccessToken(keys.privateKey, { id, role: 'user' }, 3600).token,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await cache.close();
    },
  };
}

describe('gateway handing requests to services in the same process (all-in-one)', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  afterEach(() => gateway?.close());

  it("hands the owning service the client's own request: method, path, query, headers and body, on the client's connection", async () => {
    gateway = await startGateway();
    const bearer = gateway.token('4b0d3f55-7a1c-4c5e-9a55-0c3e8a3c2f10');
    const res = await fetch(`${gateway.base}/api/users/credits?x=1`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ service: 'billing', url: '/api/users/credits?x=1' });

    const post = await fetch(`${gateway.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.co"}',
    });
    expect(await post.json()).toEqual({ service: 'auth', url: '/api/auth/login' });
    expect(gateway.seen).toMatchObject([
      {
        service: 'billing',
        method: 'GET',
        url: '/api/users/credits?x=1',
        headers: { authorization: `Bearer ${bearer}` },
        sameSocket: true,
      },
      { service: 'auth', method: 'POST', url: '/api/auth/login', body: '{"email":"a@b.co"}', sameSocket: true },
    ]);
  });

  it('tells the service the client the gateway determined, replacing an X-Forwarded-For it does not trust', async () => {
    gateway = await startGateway({ trustedProxies: parseTrustedProxies('') });
    await fetch(`${gateway.base}/api/stocks?q=a`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(gateway.seen.at(-1)?.headers['x-forwarded-for']).toBe('127.0.0.1');
    await gateway.close();

    gateway = await startGateway({ trustedProxies: parseTrustedProxies('loopback') });
    await fetch(`${gateway.base}/api/stocks?q=a`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(gateway.seen.at(-1)?.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('refuses an invalid token and a body over the limit before any service sees them', async () => {
    gateway = await startGateway();
    const forged = await fetch(`${gateway.base}/api/users/credits`, { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.status).toBe(401);
    const large = await fetch(`${gateway.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(2048),
    });
    expect(large.status).toBe(413);
    expect(gateway.seen).toEqual([]);
  });

  it("counts a progress stream against the user's cap while the service holds it open, and frees it when the service ends it", async () => {
    gateway = await startGateway();
    const headers = { authorization: `Bearer ${gateway.token('9a7e1c0b-2f44-4d7e-8f5e-1b2c3d4e5f60')}` };
    const first = await fetch(`${gateway.base}/api/analysis/a1/events`, { headers });
    expect(first.status).toBe(200);
    const reader = (first.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {"progress":40}\n\n');

    const second = await fetch(`${gateway.base}/api/analysis/a2/events`, { headers });
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ code: 'TOO_MANY_STREAMS' });

    gateway.openStreams[0]?.end('data: {"progress":100}\n\n');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {"progress":100}\n\n');
    expect((await reader.read()).done).toBe(true);
    const third = await fetch(`${gateway.base}/api/analysis/a3/events`, { headers });
    expect(third.status).toBe(200);
    gateway.openStreams[1]?.end();
    await third.text();
  });
});
