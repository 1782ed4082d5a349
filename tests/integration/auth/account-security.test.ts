import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { authService } from '../../../services/auth/src/app';
import { startTestGateway } from '../../support/gateway';
import { type ReceivedMail, startSmtpSink } from '../../support/smtp-sink';

/**
 * Password recovery, password change and the sign-in rate limits, through the gateway, on
 * real PostgreSQL, RabbitMQ and Redis, with e-mail over SMTP to a server on loopback.
 */
describe('account security through the gateway', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let auth: TestService;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));

  beforeAll(async () => {
    smtp = await startSmtpSink();
    auth = await startTestService(
      authService({
        tokenLifetimeSeconds: 3600,
        appUrl: 'https://app.example.com',
        mail: { smtpUrl: smtp.url, from: 'StockAI <no-reply@example.com>', outboxDir },
        // Hour-long windows: the counters are fixed windows on the clock, and a test's few
        // attempts must not straddle the end of one (with one-minute windows a slow run did).
        rateLimits: {
          loginPerIp: { name: 'login-ip', limit: 6, windowSeconds: 3600 },
          loginBackoff: { freeFailures: 3, firstDelaySeconds: 60, maxDelaySeconds: 3600, memorySeconds: 3600 },
          forgotPerEmail: { name: 'forgot-email', limit: 3, windowSeconds: 3600 },
          registerPerIp: { name: 'register-ip', limit: 3, windowSeconds: 3600 },
        },
      }),
    );
    gateway = await startTestGateway({ publicKey: auth.keys.publicKey, cache: auth.cache, upstreams: { auth: auth.url } });
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    await smtp?.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  /** Each test calls from its own client address (the gateway forwards it), so IP limits stay apart. */
  const client = (ip: string) => {
    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const headers: Record<string, string> = { 'x-forwarded-for': ip };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(`${gateway.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
    };
    return {
      call,
      register: async (email: string, password = 'first-pass-1') => {
        const res = await call('POST', '/api/auth/register', { email, password, firstName: '小明', lastName: '陳' });
        expect(res.status).toBe(201);
        return res.body.token as string;
      },
      login: (email: string, password: string) => call('POST', '/api/auth/login', { email, password }),
      verify: (token: string) => call('GET', '/api/auth/verify', undefined, token),
    };
  };

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const resetTokenIn = (mail: ReceivedMail) => {
    const match = /https:\/\/app\.example\.com\/reset-password\?token=([\w-]+)/.exec(mail.text);
    if (!match?.[1]) throw new Error(`no reset link in:\n${mail.text}`);
    return match[1];
  };
  /** Asks for a reset (typing the address as `typed`) and returns the token from the e-mail. */
  const requestReset = async (api: ReturnType<typeof client>, email: string, typed = email) => {
    const before = mailsTo(email).length;
    const res = await api.call('POST', '/api/auth/forgot-password', { email: typed });
    expect(res.status).toBe(200);
    const mails = await waitFor('the reset e-mail', () => mailsTo(email).length > before && mailsTo(email));
    return resetTokenIn(mails[mails.length - 1] as ReceivedMail);
  };

  it('answers forgot-password alike for known and unknown addresses, and mails only the account holder', async () => {
    const api = client('198.51.100.1');
    const email = `${uniqueName('forgot')}@example.com`;
    await api.register(email);
    const unknown = `${uniqueName('nobody')}@example.com`;

    const forUnknown = await api.call('POST', '/api/auth/forgot-password', { email: unknown });
    const token = await requestReset(api, email, ` ${email.toUpperCase()}`);
    const forKnown = await api.call('POST', '/api/auth/forgot-password', { email });
    expect(forUnknown).toMatchObject({ status: 200, body: forKnown.body });
    expect(forKnown.body.message).toMatch(/If an account exists/);
    expect(mailsTo(unknown)).toHaveLength(0);
    expect(token).toMatch(/^[\w-]{43}$/);

    const mail = mailsTo(email)[0] as ReceivedMail;
    expect(mail.text).toContain('小明');
    expect(mail.text).toContain('60');
    const { rows } = await auth.db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens');
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('resets the password once with a valid link, and revokes the sessions from before', async () => {
    const api = client('198.51.100.2');
    const email = `${uniqueName('reset')}@example.com`;
    const oldSession = await api.register(email);
    const token = await requestReset(api, email);

    expect(await api.call('GET', `/api/auth/verify-reset-token/${token}`)).toMatchObject({ status: 200, body: { valid: true, email } });
    const tooShort = await api.call('POST', '/api/auth/reset-password', { token, newPassword: '12345' });
    expect(tooShort).toMatchObject({ status: 400, body: { error: 'newPassword: must be at least 6 characters' } });

    expect((await api.call('POST', '/api/auth/reset-password', { token, newPassword: 'second-pass-2' })).status).toBe(200);
    expect((await api.login(email, 'first-pass-1')).status).toBe(401);
    expect((await api.login(email, 'second-pass-2')).status).toBe(200);
    expect(await api.verify(oldSession)).toMatchObject({ status: 401, body: { code: 'TOKEN_REVOKED' } });

    const reused = await api.call('POST', '/api/auth/reset-password', { token, newPassword: 'third-pass-3' });
    expect(reused).toMatchObject({ status: 400, body: { error: 'Invalid or expired reset token', code: 'INVALID_RESET_TOKEN' } });
    expect((await api.call('GET', `/api/auth/verify-reset-token/${token}`)).status).toBe(400);
  });

  it('refuses an expired link and one replaced by a newer request', async () => {
    const api = client('198.51.100.3');
    const email = `${uniqueName('expired')}@example.com`;
    await api.register(email);
    const first = await requestReset(api, email);
    const second = await requestReset(api, email);
    expect((await api.call('GET', `/api/auth/verify-reset-token/${first}`)).status).toBe(400);
    expect((await api.call('GET', `/api/auth/verify-reset-token/${second}`)).status).toBe(200);

    await auth.db.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'");
    expect(await api.call('GET', `/api/auth/verify-reset-token/${second}`)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_RESET_TOKEN' },
    });
    expect((await api.call('POST', '/api/auth/reset-password', { token: second, newPassword: 'never-used-9' })).status).toBe(400);
    expect((await api.login(email, 'first-pass-1')).status).toBe(200);
  });

  it('changes the password with the current one, ending every other session', async () => {
    const api = client('198.51.100.4');
    const email = `${uniqueName('change')}@example.com`;
    const here = await api.register(email);
    const elsewhere = (await api.login(email, 'first-pass-1')).body.token as string;

    const wrong = await api.call('PUT', '/api/auth/change-password', { currentPassword: 'not-it', newPassword: 'second-pass-2' }, here);
    expect(wrong).toMatchObject({ status: 400, body: { error: 'Current password is incorrect', code: 'WRONG_PASSWORD' } });
    const missing = await api.call('PUT', '/api/auth/change-password', { newPassword: 'second-pass-2' }, here);
    expect(missing).toMatchObject({ status: 400, body: { error: 'currentPassword: is required' } });

    const changed = await api.call(
      'PUT',
      '/api/auth/change-password',
      { currentPassword: 'first-pass-1', newPassword: 'second-pass-2' },
      here,
    );
    expect(changed.status).toBe(200);
    const fresh = changed.body.token as string;
    expect(await api.verify(elsewhere)).toMatchObject({ status: 401, body: { code: 'TOKEN_REVOKED' } });
    expect((await api.verify(here)).status).toBe(401);
    expect((await api.verify(fresh)).status).toBe(200);
    expect((await api.login(email, 'second-pass-2')).status).toBe(200);
    expect((await api.call('PUT', '/api/auth/change-password', { currentPassword: 'a', newPassword: 'b23456' })).status).toBe(401);
  });

  it('backs off failed logins per address and client, without locking the owner out elsewhere', async () => {
    const guesser = client('198.51.100.5');
    const email = `${uniqueName('limited')}@example.com`;
    await guesser.register(email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await guesser.login(email, 'wrong-password')).status);
    // Three free failures; the third starts a wait of 60 s, which the fourth meets.
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await guesser.login(email, 'first-pass-1');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.body.error).toMatch(/^Too many failed sign-ins for this account, please try again in \d+ (seconds?|minutes?)$/);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);

    // The owner, from their own client, signs in: the guesser slowed down only itself.
    const owner = client('198.51.100.6');
    expect((await owner.login(email, 'first-pass-1')).status).toBe(200);
    // And the guesser may still sign in to another address of its own.
    const other = `${uniqueName('other')}@example.com`;
    await guesser.register(other);
    expect((await guesser.login(other, 'first-pass-1')).status).toBe(200);
  });

  it('limits logins per client across addresses', async () => {
    const api = client('198.51.100.9');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api.login(`${uniqueName('nobody')}@example.com`, 'whatever-1')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const limited = await api.login(`${uniqueName('nobody')}@example.com`, 'whatever-1');
    expect(limited.body.error).toMatch(/^Too many login attempts, please try again in \d+ minutes?$/);
  });

  it('limits reset e-mails per address and sign-ups per client', async () => {
    const api = client('198.51.100.7');
    const email = `${uniqueName('spam')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.call('POST', '/api/auth/forgot-password', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const signups = client('198.51.100.8');
    const results: number[] = [];
    for (let i = 0; i < 4; i++) {
      results.push(
        (
          await signups.call('POST', '/api/auth/register', {
            email: `${uniqueName('s')}@example.com`,
            password: 'secret123',
            firstName: 'a',
            lastName: 'b',
          })
        ).status,
      );
    }
    expect(results).toEqual([201, 201, 201, 429]);
  });
});
