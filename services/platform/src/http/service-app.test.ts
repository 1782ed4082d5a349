import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import { Router } from 'express';
import { authenticate, callerOf, requireAdmin, requireUser } from '../auth/middleware';
import { RevocationList, generateRsaKeyPair, signAccessToken, verifyAccessToken } from '../auth/tokens';
import { createMemoryCache } from '../cache/memory';
import type { Cache } from '../cache/types';
import { createLogger } from '../logger';
import { idempotencyKeyOf } from './idempotency-key';
import { rateLimit } from './rate-limit';
import { createServiceApp, rawBodyOf } from './service-app';

/** The shell every service runs in, over HTTP: health, request ids, access logs, auth, limits. */
describe('createServiceApp', () => {
  const keys = generateRsaKeyPair();
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('test', 'info', sink);
  let cache: Cache;
  let databaseUp = true;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    cache = createMemoryCache();
    const routes = Router();
    routes.get('/api/me', requireUser, (req, res) => {
      logger.info('inside the handler');
      res.json({ id: callerOf(req).id });
    });
    routes.get('/api/admin/only', requireAdmin, (_req, res) => void res.json({ ok: true }));
    routes.get(
      '/api/limited',
      rateLimit(cache, { name: 'test', limit: 2, windowSeconds: 60 }, (req) => req.ip),
      (_req, res) => {
        res.json({ ok: true });
      },
    );
    routes.post('/api/echo-raw-large', (req, res) => {
      res.json({ rawBytes: rawBodyOf(req)?.length ?? null, parsed: typeof req.body === 'object' });
    });
    routes.post('/api/echo-raw', (req, res) => {
      res.json({ raw: rawBodyOf(req)?.toString('utf8') ?? null, parsed: req.body as unknown });
    });
    routes.post('/api/keyed', (req, res) => void res.json({ key: idempotencyKeyOf(req) ?? null }));
    routes.get('/api/boom', () => {
      throw new Error('database password is hunter2');
    });
    const app = createServiceApp({
      logger,
      readiness: {
        database: async () => {
          if (!databaseUp) throw new Error('connection refused');
        },
      },
      authenticate: authenticate({ publicKey: keys.publicKey, revocations: new RevocationList(cache) }),
      routes: [routes],
      bodyLimits: { '/api/echo-raw-large': '1mb' },
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await cache.close();
  });

  const bearer = (role: 'user' | 'admin' = 'user', id = '6f1c1a2e-1b1d-4c55-9a43-3c0f8f1f2a10') =>
    signAccessToken(keys.privateKey, { id, role }, 3600).token;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

  it('answers /healthz while up and /readyz only while its dependencies answer', async () => {
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });

    databaseUp = false;
    const down = await get('/readyz');
    databaseUp = true;
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable', checks: { database: 'connection refused' } });
  });

  it('keeps a sane request id, replaces an unsafe one, and logs the request once without its headers', async () => {
    const token = bearer();
    const res = await get('/api/me', { 'x-request-id': 'abc-123', authorization: `Bearer ${token}` });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const unsafe = await get('/healthz', { 'x-request-id': 'no spaces <script>' });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const handlerLine = lines.find((l) => l.msg === 'inside the handler');
    expect(handlerLine).toMatchObject({ service: 'test', requestId: 'abc-123' });
    const access = lines.filter((l) => (l.req as { id?: string } | undefined)?.id === 'abc-123');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/me' }, res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toContain(token);
    // Health probes are not access-logged.
    expect(lines.some((l) => (l.req as { url?: string } | undefined)?.url === '/healthz')).toBe(false);
  });

  it('lets the guards decide: anonymous 401, a user is not an admin (403), an admin is', async () => {
    expect((await get('/api/me')).status).toBe(401);
    expect(
      await (await get('/api/me', { authorization: `Bearer ${bearer('user', 'a8f1d6de-51a1-4ec6-b0a8-0a0d1b8e4c11')}` })).json(),
    ).toEqual({
      id: 'a8f1d6de-51a1-4ec6-b0a8-0a0d1b8e4c11',
    });
    const forbidden = await get('/api/admin/only', { authorization: `Bearer ${bearer('user')}` });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: 'Admin access required', code: 'ADMIN_REQUIRED' });
    expect((await get('/api/admin/only', { authorization: `Bearer ${bearer('admin')}` })).status).toBe(200);
  });

  it('refuses a tampered token and, on the next request already, a revoked one', async () => {
    const token = bearer();
    expect((await get('/api/me', { authorization: `Bearer ${token}` })).status).toBe(200);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await get('/api/me', { authorization: `Bearer ${tampered}` });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: 'Invalid or expired token', code: 'INVALID_TOKEN' });

    await new RevocationList(cache).revoke(verifyAccessToken(token, keys.publicKey) as never);
    const revoked = await get('/api/me', { authorization: `Bearer ${token}` });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ error: 'Token has been revoked', code: 'TOKEN_REVOKED' });
  });

  it('limits requests per client with a 429, a message and Retry-After', async () => {
    expect((await get('/api/limited')).status).toBe(200);
    const second = await get('/api/limited');
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
    const third = await get('/api/limited');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toEqual({ error: 'Too many requests, please try again later', code: 'RATE_LIMITED' });
  });

  it('keeps the exact bytes of a JSON body beside the parsed body (webhook signatures need them)', async () => {
    const raw = '{ "b": 1,\n  "a": "x" }';
    const res = await fetch(`${base}/api/echo-raw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: raw,
    });
    expect(await res.json()).toEqual({ raw, parsed: { b: 1, a: 'x' } });
  });

  it('takes a larger JSON body only on a path given its own limit, keeping its bytes', async () => {
    const big = JSON.stringify({ html: 'x'.repeat(300_000) });
    const post = (path: string, body: string) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const allowed = await post('/api/echo-raw-large', big);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ rawBytes: Buffer.byteLength(big), parsed: true });
    const refused = await post('/api/echo-raw', big);
    expect(refused.status).toBe(413);
    expect(await post('/api/echo-raw-large', JSON.stringify({ html: 'x'.repeat(1_100_000) })).then((r) => r.status)).toBe(413);
  });

  it('refuses a NUL anywhere in a JSON body, naming the field, and takes every other text', async () => {
    const post = (body: string) =>
      fetch(`${base}/api/echo-raw`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as unknown,
      }));
    const refused = (field: string) => ({
      status: 400,
      body: { error: `${field}: must not contain control characters`, code: 'INVALID_CHARACTERS' },
    });

    expect(await post('{"user": {"name": "A\\u0000B"}}')).toEqual(refused('user.name'));
    expect(await post('["ok", "\\u0000"]')).toEqual(refused('1'));
    expect(await post('{"a\\u0000": 1}')).toEqual(refused('body'));
    // Nested thousands deep (10 kB): still a 400, naming only the first 16 levels.
    expect(await post(`${'['.repeat(5000)}"\\u0000"${']'.repeat(5000)}`)).toEqual(refused(Array.from({ length: 16 }, () => '0').join('.')));
    // A line break is text; an escaped backslash before "u0000" is not a NUL.
    const allowed = '{"text": "line\\none", "path": "C:\\\\u0000"}';
    expect(await post(allowed)).toEqual({ status: 200, body: { raw: allowed, parsed: { text: 'line\none', path: 'C:\\u0000' } } });
  });

  it('refuses a JSON body nested deeper than 64 levels with a 400, and takes one at 64', async () => {
    const post = (body: string) =>
      fetch(`${base}/api/echo-raw`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as unknown,
      }));
    expect(await post(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toEqual({
      status: 400,
      body: { error: 'body: must not nest deeper than 64 levels', code: 'BODY_TOO_DEEP' },
    });
    expect((await post(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`)).status).toBe(400);
    expect((await post(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`)).status).toBe(200);
  });

  it('checks an Idempotency-Key header like a body field', async () => {
    const keyed = (key?: string) =>
      fetch(`${base}/api/keyed`, { method: 'POST', headers: key === undefined ? {} : { 'idempotency-key': key } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as unknown,
      }));
    expect(await keyed()).toEqual({ status: 200, body: { key: null } });
    expect(await keyed(' retry-1 ')).toEqual({ status: 200, body: { key: 'retry-1' } });
    expect(await keyed('x'.repeat(201))).toEqual({
      status: 400,
      body: { error: 'Idempotency-Key: must be at most 200 characters', code: 'VALIDATION_FAILED' },
    });
    expect(await keyed('a\tb')).toEqual({
      status: 400,
      body: { error: 'Idempotency-Key: must be printable ASCII without spaces', code: 'VALIDATION_FAILED' },
    });
  });

  it('answers an unknown error with a bare 500 and logs the details instead', async () => {
    const res = await get('/api/boom');
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(body).not.toContain('hunter2');
    expect(lines.some((l) => JSON.stringify(l).includes('hunter2') && l.level === 50)).toBe(true);
  });
});
