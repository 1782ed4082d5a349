import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventEnvelope } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { startTestGateway } from '../../support/gateway';
import { authService } from '../../../services/auth/src/app';

/** The accounts API of the auth service through the gateway, on real PostgreSQL, RabbitMQ and Redis. */
describe('auth service: accounts', () => {
  let auth: TestService;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const events: EventEnvelope[] = [];
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));

  beforeAll(async () => {
    auth = await startTestService(
      authService({
        tokenLifetimeSeconds: 3600,
        appUrl: 'http://localhost:8080',
        mail: { from: 'StockAI <no-reply@example.com>', outboxDir: outbox },
      }),
    );
    gateway = await startTestGateway({ publicKey: auth.keys.publicKey, cache: auth.cache, upstreams: { auth: auth.url } });
    await auth.bus.subscribe({
      queue: uniqueName('auth_test_listener'),
      patterns: ['user.#'],
      maxAttempts: 1,
      handler: async (e) => void events.push(e),
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const register = (email: string, password = 'secret123') =>
    post('/api/auth/register', { email, password, firstName: 'Mei', lastName: 'Wong' });

  it('registers with a token and the public user, and publishes user.registered', async () => {
    const email = `${uniqueName('mei')}@example.com`;
    const res = await register(`  ${email.toUpperCase()} `);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { token: string; user: Record<string, unknown> };
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toEqual({
      id: expect.any(String),
      firstName: 'Mei',
      lastName: 'Wong',
      email: email.toUpperCase(),
      phone: null,
      role: 'user',
      level: 'free',
    });
    expect(JSON.stringify(body)).not.toMatch(/hash|secret123/);

    const mine = () => events.filter((e) => e.type === 'user.registered' && (e.data as { userId: string }).userId === body.user.id);
    const published = await waitFor('user.registered', () => mine().length > 0 && mine());
    expect(published).toHaveLength(1);
    expect(published[0]?.data).toMatchObject({ email: email.toUpperCase(), firstName: 'Mei', lastName: 'Wong' });

    const { rows } = await auth.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [body.user.id]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a second account for the same address in any case or spacing with a 409', async () => {
    const email = `${uniqueName('dup')}@example.com`;
    expect((await register(email)).status).toBe(201);
    const again = await register(` ${email.toUpperCase()}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'This e-mail address is already registered', code: 'EMAIL_TAKEN' });
  });

  it('names the field of a bad body in a 400', async () => {
    const cases: Array<[unknown, string]> = [
      [{ password: 'secret123', firstName: 'a', lastName: 'b' }, 'email: is required'],
      [{ email: 'not-an-address', password: 'secret123', firstName: 'a', lastName: 'b' }, 'email: must be a valid e-mail address'],
      [{ email: 'a@b.co', password: '12345', firstName: 'a', lastName: 'b' }, 'password: must be at least 6 characters'],
      [{ email: 'a@b.co', password: 'secret123', firstName: ' ', lastName: 'b' }, 'firstName: first name is required'],
    ];
    for (const [body, error] of cases) {
      const res = await post('/api/auth/register', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(error);
    }
    const broken = await post('/api/auth/register', '{"email":');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { code: string }).code).toBe('INVALID_JSON');
  });

  it('logs in case-insensitively, refuses a wrong password and an unknown address alike, and records both', async () => {
    const email = `${uniqueName('login')}@example.com`;
    await register(email);
    const ok = await post('/api/auth/login', { email: email.toUpperCase(), password: 'secret123' }, { 'user-agent': 'jest-agent' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: { email: string } }).user.email).toBe(email);

    const wrong = await post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { email: `nobody-${email}`, password: 'secret123' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid e-mail or password', code: 'INVALID_CREDENTIALS' });
    }

    const logins = await waitFor('three user.logged-in events', () => {
      const mine = events.filter(
        (e) =>
          e.type === 'user.logged-in' &&
          String((e.data as { email: string }).email)
            .toLowerCase()
            .endsWith(email),
      );
      return mine.length === 3 && mine;
    });
    expect(logins.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ success: true, userAgent: 'jest-agent' }),
        expect.objectContaining({ success: false, reason: 'wrong_password' }),
        expect.objectContaining({ success: false, reason: 'unknown_email', userId: null }),
      ]),
    );
    expect(JSON.stringify(logins)).not.toContain('wrong-password');
  });

  it('verifies a token until logout, and only that token', async () => {
    const email = `${uniqueName('logout')}@example.com`;
    const { token: first } = (await (await register(email)).json()) as { token: string };
    const { token: second } = (await (await post('/api/auth/login', { email, password: 'secret123' })).json()) as { token: string };
    const verify = (token: string) => fetch(`${gateway.url}/api/auth/verify`, { headers: { authorization: `Bearer ${token}` } });

    expect(((await (await verify(first)).json()) as { user: { email: string } }).user.email).toBe(email);
    const out = await post('/api/auth/logout', {}, { authorization: `Bearer ${first}` });
    expect(out.status).toBe(200);

    const after = await verify(first);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'Token has been revoked', code: 'TOKEN_REVOKED' });
    expect((await verify(second)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/auth/verify`)).status).toBe(401);
  });
});
