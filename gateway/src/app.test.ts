import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { waitFor } from '@stockai/platform/src/testing';
import {
  type Logger,
  RevocationList,
  createLogger,
  createMemoryCache,
  generateRsaKeyPair,
  signAccessToken,
  verifyAccessToken,
} from '@stockai/platform';
import { createGatewayApp } from './app';
import type { Upstreams } from './proxy';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in service on loopback: answers with what it received, or stalls on /slow. */
function startUpstream(name: string) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.endsWith('/slow')) return; // never answers
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ service: name, url: req.url }));
    });
  });
  return new Promise<{ url: string; seen: Seen[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        seen,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('gateway', () => {
  const keys = generateRsaKeyPair();
  const cache = createMemoryCache();
  const upstreams: Array<Awaited<ReturnType<typeof startUpstream>>> = [];
  let server: http.Server;
  let base: string;
  let billing: Awaited<ReturnType<typeof startUpstream>>;
  let auth: Awaited<ReturnType<typeof startUpstream>>;
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'web-'));

  beforeAll(async () => {
    auth = await startUpstream('auth');
    billing = await startUpstream('billing');
    const analysis = await startUpstream('analysis');
    const admin = await startUpstream('admin');
    upstreams.push(auth, billing, analysis, admin);
    const routes: Upstreams = {
      auth: auth.url,
      billing: billing.url,
      analysis: analysis.url,
      content: await closedPortUrl(),
      admin: admin.url,
    };
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>StockAI</title>');
    writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'assets', 'big-1234.js'), BIG_SCRIPT);
    const app = createGatewayApp({
      logger: createLogger('gateway', 'silent'),
      cache,
      publicKey: keys.publicKey,
      upstreams: routes,
      rateLimitPerMinute: 1000,
      upstreamTimeoutMs: 300,
      corsOrigins: ['https://app.example.com'],
      maxBodyBytes: 1024,
      webDir,
    });
    server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await Promise.all(upstreams.map((u) => u.close()));
    await cache.close();
  });

  const token = (role: 'user' | 'admin' = 'user') =>
    signAccessToken(keys.privateKey, { id: '0d5f6a1e-55b1-4c52-9f0e-3f2f5b2a7c11', role }, 3600).token;

  it('forwards method, path, query, body and Authorization unchanged to the owning service', async () => {
    const bearer = token();
    const res = await fetch(`${base}/api/users/credits?x=1`, { headers: { authorization: `Bearer ${bearer}`, 'x-request-id': 'req-123' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ service: 'billing', url: '/api/users/credits?x=1' });
    expect(res.headers.get('x-request-id')).toBe('req-123');
    const seen = billing.seen.at(-1) as Seen;
    expect(seen.headers.authorization).toBe(`Bearer ${bearer}`);
    expect(seen.headers['x-request-id']).toBe('req-123');

    const post = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.co"}',
    });
    expect(post.status).toBe(200);
    expect(auth.seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/auth/login', body: '{"email":"a@b.co"}' });
  });

  it('refuses an invalid token before any service sees it, and leaves revocation to the service', async () => {
    const before = billing.seen.length;
    const forged = await fetch(`${base}/api/users/credits`, { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: 'Invalid or expired token', code: 'INVALID_TOKEN' });
    expect(billing.seen.length).toBe(before);

    // A revoked token is still well-signed: the gateway forwards it and the service, which
    // checks revocation on every request, refuses it (tests/system covers logout end to end).
    const bearer = token();
    await new RevocationList(cache).revoke(verifyAccessToken(bearer, keys.publicKey) as never);
    await fetch(`${base}/api/users/credits`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(billing.seen.length).toBe(before + 1);
    expect((billing.seen.at(-1) as Seen).headers.authorization).toBe(`Bearer ${bearer}`);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await fetch(`${base}/api/unknown/thing`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
  });

  it('gives a JSON 503 when the service is down and a JSON 504 when it is too slow', async () => {
    const down = await fetch(`${base}/api/ghost/blog/posts`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });

    const slow = await fetch(`${base}/api/stocks/slow`);
    expect(slow.status).toBe(504);
    expect(await slow.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
  });

  it('rejects a body over the size limit with 413 without forwarding it', async () => {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sets security headers and allows only the configured CORS origins', async () => {
    const allowed = await fetch(`${base}/api/stocks`, { headers: { origin: 'https://app.example.com' } });
    expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const other = await fetch(`${base}/api/stocks`, { headers: { origin: 'https://evil.example.com' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stays ready and live while a service is down: its own readiness is its Redis only', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { checks: Record<string, string> };
    expect(body.checks).toEqual({ shutdown: 'ok', cache: 'ok' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const started = Date.now();
    const down = await fetch(`${base}/api/ghost/blog/posts`);
    expect(down.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await fetch(`${base}/api/stocks`)).status).toBe(200);
  });

  it('serves the web app with a fallback to index.html for app routes', async () => {
    const page = await fetch(`${base}/history`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>StockAI</title>');
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('compresses the web app with brotli, else gzip, and leaves the API alone', async () => {
    const br = await rawGet(`${base}/assets/big-1234.js`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);
    expect(br.body.length).toBeLessThan(BIG_SCRIPT.length / 3);
    const gzip = await rawGet(`${base}/assets/big-1234.js`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(BIG_SCRIPT);
    const plain = await rawGet(`${base}/assets/big-1234.js`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
    const api = await rawGet(`${base}/api/stocks`, 'gzip, br');
    expect(api.headers['content-encoding']).toBeUndefined();
  });
});

/** A script well above the compression threshold, as repetitive as minified code. */
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = compute(${i}, "stock analysis");`).join('\n');

/** A GET that keeps the body as sent (fetch would decompress it). */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** A gateway in front of one stand-in that plays every service, on a free loopback port. */
async function gatewayBefore(
  upstreamUrl: string,
  options: { publicKey: string; rateLimitPerMinute: number; logger?: Logger; draining?: () => boolean },
) {
  const app = createGatewayApp({
    draining: options.draining,
    logger: options.logger ?? createLogger('gateway', 'silent'),
    cache: createMemoryCache(),
    publicKey: options.publicKey,
    upstreams: { auth: upstreamUrl, billing: upstreamUrl, analysis: upstreamUrl, content: upstreamUrl, admin: upstreamUrl },
    rateLimitPerMinute: options.rateLimitPerMinute,
    upstreamTimeoutMs: 1000,
    corsOrigins: [],
    maxBodyBytes: 1024,
  });
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('gateway rate limit', () => {
  it('answers 429 with Retry-After once a client IP exceeds its requests per minute', async () => {
    const keys = generateRsaKeyPair();
    const upstream = await startUpstream('analysis');
    const gateway = await gatewayBefore(upstream.url, { publicKey: keys.publicKey, rateLimitPerMinute: 5 });
    const base = `http://127.0.0.1:${gateway.port}`;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await fetch(`${base}/api/stocks`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const limited = await fetch(`${base}/api/stocks`);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await limited.json()) as { code: string }).code).toBe('RATE_LIMITED');

      // Behind a trusted (here loopback) proxy, each client is counted by its forwarded address.
      const viaProxy = await fetch(`${base}/api/stocks`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(viaProxy.status).toBe(200);
      expect(upstream.seen.at(-1)?.headers['x-forwarded-for']).toBe('203.0.113.9');
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});

describe('gateway drain', () => {
  it('turns not ready at once when draining, and still serves every route', async () => {
    const keys = generateRsaKeyPair();
    const upstream = await startUpstream('analysis');
    let draining = false;
    const gateway = await gatewayBefore(upstream.url, { publicKey: keys.publicKey, rateLimitPerMinute: 0, draining: () => draining });
    const base = `http://127.0.0.1:${gateway.port}`;
    try {
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      draining = true;
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: Record<string, string> }).checks.shutdown).toMatch(/shutting down/);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/api/stocks`)).status).toBe(200);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});

describe('gateway proxy and access log', () => {
  const keys = generateRsaKeyPair();
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });

  const startGateway = (level: 'info' | 'debug', upstreamUrl: string) =>
    gatewayBefore(upstreamUrl, { publicKey: keys.publicKey, rateLimitPerMinute: 0, logger: createLogger('gateway', level, sink) });

  const accessLines = (id: string) => lines.filter((l) => (l.req as { id?: string } | undefined)?.id === id);

  it("keeps each side's connection headers to itself: a client's Connection: close does not close the pooled connection", async () => {
    let connections = 0;
    const seen: http.IncomingHttpHeaders[] = [];
    const upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'text/plain', 'keep-alive': 'timeout=5' });
      // No length: the service's answer is chunked; the gateway frames its own answer.
      res.write('part one, ');
      res.end('part two');
    });
    upstream.on('connection', () => connections++);
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const gateway = await startGateway('info', `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
    try {
      for (let i = 0; i < 2; i++) {
        const answer = await new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port: gateway.port, path: '/api/stocks', headers: { connection: 'close' } }, (res) => {
              let body = '';
              res.on('data', (c: Buffer) => (body += c.toString()));
              res.on('end', () => resolve({ headers: res.headers, body }));
            })
            .on('error', reject);
        });
        expect(answer.body).toBe('part one, part two');
        expect(answer.headers.connection).toBe('close');
        expect(answer.headers['keep-alive']).toBeUndefined();
      }
      expect(seen.map((h) => h.connection)).toEqual(['keep-alive', 'keep-alive']);
      expect(connections).toBe(1);
    } finally {
      await gateway.close();
      upstream.closeAllConnections();
      await new Promise((r) => upstream.close(r));
    }
  });

  it('refuses at start an upstream it cannot reach as plain HTTP to a host and port', async () => {
    await expect(startGateway('info', 'https://billing.example:3002')).rejects.toThrow('must be http://host:port, without a path');
    await expect(startGateway('info', 'http://billing:3002/base')).rejects.toThrow('must be http://host:port, without a path');
  });

  it("logs what it answers itself and every failure; a service's quick success only at debug (the service logs it)", async () => {
    const upstream = await startUpstream('analysis');
    const quiet = await startGateway('info', upstream.url);
    const verbose = await startGateway('debug', upstream.url);
    try {
      const get = (port: number, path: string, id: string) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-request-id': id } });
      expect((await get(quiet.port, '/api/stocks', 'ok-quiet')).status).toBe(200);
      expect((await get(quiet.port, '/api/nowhere', 'unknown-quiet')).status).toBe(404);
      expect((await get(verbose.port, '/api/stocks', 'ok-verbose')).status).toBe(200);
      await waitFor('the 404 and the debug line', () => accessLines('unknown-quiet').length + accessLines('ok-verbose').length === 2);
      expect(accessLines('unknown-quiet')).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'request completed',
          req: expect.objectContaining({ method: 'GET', url: '/api/nowhere' }),
          res: { statusCode: 404 },
        }),
      ]);
      expect(accessLines('ok-verbose')).toEqual([expect.objectContaining({ level: 20, res: { statusCode: 200 } })]);
      expect(accessLines('ok-quiet')).toEqual([]);
    } finally {
      await Promise.all([quiet.close(), verbose.close()]);
      await upstream.close();
    }
  });
});
