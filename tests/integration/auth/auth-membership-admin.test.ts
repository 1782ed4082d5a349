import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { newEvent } from '@stockai/platform';
import { startTestService, type TestService, testInfra, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { authService } from '../../../services/auth/src/app';

/** The auth service's membership level (from billing's events), the admin seed and make-admin. */
describe('auth service: membership level and admins', () => {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));
  const adminEmail = `${uniqueName('root')}@example.com`;
  let auth: TestService;

  beforeAll(async () => {
    auth = await startTestService(
      authService({
        tokenLifetimeSeconds: 3600,
        appUrl: 'http://localhost:8080',
        mail: { from: 'StockAI <no-reply@example.com>', outboxDir },
        admin: { email: adminEmail, password: 'admin-pass-1' },
      }),
    );
  });

  afterAll(async () => {
    await auth?.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${auth.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { token: string; user: { id: string; role: string; level: string } } };
  };
  const verify = async (token: string) =>
    (
      (await (await fetch(`${auth.url}/api/auth/verify`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        user: { level: string; role: string };
      }
    ).user;

  it('creates the configured admin account at start', async () => {
    const login = await post('/api/auth/login', { email: adminEmail, password: 'admin-pass-1' });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
  });

  it('keeps the newest membership level, whatever order the changes arrive in, each once', async () => {
    const { body } = await post('/api/auth/register', {
      email: `${uniqueName('vip')}@example.com`,
      password: 'secret123',
      firstName: 'Vip',
      lastName: 'Lee',
    });
    expect(body.user.level).toBe('free');
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    const toVip = {
      ...newEvent('membership.changed', { userId: body.user.id, level: 'vip', previousLevel: 'free' }),
      occurredAt: at(-2000),
    };
    const toPremium = {
      ...newEvent('membership.changed', { userId: body.user.id, level: 'premium', previousLevel: 'vip' }),
      occurredAt: at(-1000),
    };

    await auth.bus.publish(toPremium);
    await waitFor('premium', async () => (await verify(body.token)).level === 'premium');
    await auth.bus.publish(toVip); // older: must not win
    await auth.bus.publish(toPremium); // again: a no-op
    await waitFor('both handled', async () => {
      const { rows } = await auth.db.query<{ n: string }>('SELECT count(*) AS n FROM inbox WHERE consumer = $1 AND event_id IN ($2, $3)', [
        'auth.membership-changed',
        toVip.id,
        toPremium.id,
      ]);
      return rows[0]?.n === '2';
    });
    expect((await verify(body.token)).level).toBe('premium');
    const login = await post('/api/auth/login', {
      email: (await auth.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [body.user.id])).rows[0]?.email,
      password: 'secret123',
    });
    expect(login.body.user.level).toBe('premium');
  });

  it('makes an existing user admin with `npm run make-admin`', async () => {
    const email = `${uniqueName('promote')}@example.com`;
    await post('/api/auth/register', { email, password: 'secret123', firstName: 'Pro', lastName: 'Mote' });
    const { rows } = await auth.db.query<{ db: string }>('SELECT current_database() AS db');
    const url = new URL((await testInfra()).databaseUrl);
    url.pathname = `/${rows[0]?.db}`;
    const run = (address: string) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, '../../../services/auth/src/cli/make-admin.ts'), address],
        {
          env: { ...process.env, AUTH_DATABASE_URL: url.toString(), DATABASE_URL: url.toString() },
        },
      );

    const { stdout } = await run(email.toUpperCase());
    expect(stdout).toContain('is now an admin');
    const login = await post('/api/auth/login', { email, password: 'secret123' });
    expect(login.body.user.role).toBe('admin');
    await expect(run(`${uniqueName('ghost')}@example.com`)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the e-mail address'),
    });
  });
});
