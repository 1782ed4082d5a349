/**
 * System test: the distributed shape as separate processes (gateway + five services) against
 * the real PostgreSQL, RabbitMQ and Redis, driven through the gateway.
 */
import { Pool } from 'pg';
import { uniqueName, waitFor } from '@stockai/platform/src/testing';
import { ProcessGroup, distributedProcesses } from '../../deploy/distributed';
import { type DistributedRun, prepareDistributedRun } from '../support/distributed-run';
import { freePort } from '../support/gateway';

/** How long an event may take to cross the bus and be consumed. */
const EVENTUALLY_MS = 30_000;

jest.setTimeout(180_000);

describe('distributed system through the gateway', () => {
  let group: ProcessGroup;
  let base: string;
  const logs: string[] = [];
  let run: DistributedRun;

  const api = async (method: string, path: string, options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    run = await prepareDistributedRun('sys');
    const gatewayPort = await freePort();
    const servicePortBase = (await freePort()) + 10;
    const env = run.env;
    group = new ProcessGroup(distributedProcesses({ gatewayPort, servicePortBase, env }), (name, line) => logs.push(`${name} | ${line}`));
    base = `http://127.0.0.1:${gatewayPort}`;
    group.startAll();
    await group.waitAllReady(90_000).catch((err) => {
      throw new Error(`${err.message}\n${logs.slice(-40).join('\n')}`);
    });
  });

  afterAll(async () => {
    await group?.stopAll();
    await run?.dropDatabases();
  });

  it('registers, verifies, opens a credit account, logs in and out', async () => {
    const email = `${uniqueName('amy')}@example.com`;
    const registered = await api('POST', '/api/auth/register', { body: { email: `  ${email.toUpperCase()} `, password: 'secret123', firstName: 'Amy', lastName: 'Chan' } });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ email: email.toUpperCase(), firstName: 'Amy', lastName: 'Chan', role: 'user', level: 'free' });
    expect(registered.body.user).not.toHaveProperty('password_hash');
    const token = registered.body.token as string;

    const verified = await api('GET', '/api/auth/verify', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.user.id).toBe(registered.body.user.id);

    const credits = await waitFor(
      'the credit account',
      async () => {
        const res = await api('GET', '/api/users/credits', { token });
        return res.status === 200 && res.body;
      },
      EVENTUALLY_MS,
    );
    expect(credits).toEqual({ totalCredits: 3, freeCredits: 3, paidCredits: 0, dailyCredits: 3, maxDailyCredits: 3 });

    const duplicate = await api('POST', '/api/auth/register', { body: { email, password: 'secret123', firstName: 'A', lastName: 'B' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('EMAIL_TAKEN');

    const wrong = await api('POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
    expect(wrong.status).toBe(401);

    const login = await api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
    expect(login.status).toBe(200);
    const second = login.body.token as string;

    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(200);
    const afterLogout = await api('GET', '/api/auth/verify', { token });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.error).toBeTruthy();
    expect((await api('GET', '/api/auth/verify', { token: second })).status).toBe(200);

    const adminDb = new Pool({ connectionString: run.env.ADMIN_DATABASE_URL, max: 1 });
    const activity = await waitFor(
      'the admin activity log',
      async () => {
        const { rows } = await adminDb.query('SELECT activity_type, status FROM user_activities WHERE user_id = $1 ORDER BY occurred_at', [registered.body.user.id]);
        return rows.length >= 3 && rows;
      },
      EVENTUALLY_MS,
    ).finally(() => adminDb.end());
    expect(activity).toEqual([
      { activity_type: 'registration', status: 'success' },
      { activity_type: 'login', status: 'failed' },
      { activity_type: 'login', status: 'success' },
    ]);
  });

  it('answers bad request bodies with a 4xx JSON error, never a 500', async () => {
    const missing = await api('POST', '/api/auth/register', { body: { password: 'secret123', firstName: 'A', lastName: 'B' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'email: is required', code: 'VALIDATION_FAILED' });

    const invalid = await api('POST', '/api/auth/register', { raw: '{"email": "a@b.c",' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('INVALID_JSON');

    const huge = await api('POST', '/api/auth/register', { raw: JSON.stringify({ email: 'x@example.com', padding: 'x'.repeat(1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');

    const short = await api('POST', '/api/auth/register', { body: { email: 'short@example.com', password: '123', firstName: 'A', lastName: 'B' } });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/^password: /);

    const forged = await api('GET', '/api/auth/verify', { token: 'not.a.jwt' });
    expect(forged.status).toBe(401);

    const unknown = await api('GET', '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
  });

  it('delivers an event published while its consumer is stopped once the consumer is back', async () => {
    await group.stop('billing');

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);

    const email = `${uniqueName('ben')}@example.com`;
    const registered = await api('POST', '/api/auth/register', { body: { email, password: 'secret123', firstName: 'Ben', lastName: 'Wong' } });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;

    const down = await api('GET', '/api/users/credits', { token });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('UPSTREAM_UNAVAILABLE');

    group.start('billing');
    await group.waitReady('billing');
    const credits = await waitFor(
      'the credit account opened after restart',
      async () => {
        const res = await api('GET', '/api/users/credits', { token });
        return res.status === 200 && res.body;
      },
      EVENTUALLY_MS,
    );
    expect(credits.totalCredits).toBe(3);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});
