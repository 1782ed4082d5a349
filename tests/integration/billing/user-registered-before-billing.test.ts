import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { uniqueName, waitFor } from '@stockai/platform/src/testing';
import { ProcessGroup, distributedProcesses } from '../../../deploy/distributed';
import { type DistributedRun, prepareDistributedRun } from '../../support/distributed-run';
import { freePort, freePortBlock } from '../../support/gateway';

jest.setTimeout(180_000);

/**
 * A first deploy, as separate processes on the real PostgreSQL and RabbitMQ: auth starts alone
 * on a fresh exchange and queue prefix, seeds the admin and takes a registration, and only then
 * does billing start, for the first time ever. Auth's bus has declared billing's queues, so the
 * two `user.registered` events wait there and billing opens both credit accounts.
 */
describe('user.registered published before billing ever ran', () => {
  let run: DistributedRun;
  let group: ProcessGroup;
  let auth: Pool;
  const logs: string[] = [];
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'first-deploy-mail-'));
  const admin = { email: `${uniqueName('admin')}@example.com`, password: 'admin-secret-1' };
  let authUrl: string;
  let billingUrl: string;

  beforeAll(async () => {
    run = await prepareDistributedRun('first_deploy');
    const servicePortBase = await freePortBlock(40);
    const env = { ...run.env, MAIL_OUTBOX_DIR: outbox, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    const specs = distributedProcesses({ gatewayPort: await freePort(), servicePortBase, env });
    const portOf = (name: string) => specs.find((s) => s.name === name)?.port;
    authUrl = `http://127.0.0.1:${portOf('auth')}`;
    billingUrl = `http://127.0.0.1:${portOf('billing')}`;
    group = new ProcessGroup(specs, (name, line) => logs.push(`${name} | ${line}`));
    auth = new Pool({ connectionString: run.env.AUTH_DATABASE_URL, max: 1 });
  });

  afterAll(async () => {
    await group?.stopAll();
    await auth?.end();
    await run?.cleanUp();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  const ready = (name: 'auth' | 'billing') =>
    group.waitReady(name, 120_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs.slice(-40).join('\n')}`);
    });
  const post = (url: string, body: unknown) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const creditsOf = (token: string) => fetch(`${billingUrl}/api/users/credits`, { headers: { authorization: `Bearer ${token}` } });

  it('opens the credit accounts of the seeded admin and of a member registered while billing had never run', async () => {
    group.start('auth');
    await ready('auth');
    const registered = await post(`${authUrl}/api/auth/register`, {
      email: `${uniqueName('early')}@example.com`,
      password: 'secret123',
      firstName: 'Ka Ho',
      lastName: 'Lee',
    });
    expect(registered.status).toBe(201);
    const member = ((await registered.json()) as { token: string }).token;

    // Both events are out of auth's outbox and waiting in billing's queue before billing exists.
    await waitFor('auth to publish both user.registered events', async () => {
      const { rows } = await auth.query<{ n: string }>(
        "SELECT count(*) AS n FROM outbox WHERE payload->>'type' = 'user.registered' AND published_at IS NOT NULL",
      );
      return rows[0]?.n === '2';
    });
    expect(await run.queueDepth('billing.user-registered')).toBe(2);

    group.start('billing');
    await ready('billing');
    const login = await post(`${authUrl}/api/auth/login`, admin);
    expect(login.status).toBe(200);
    const adminToken = ((await login.json()) as { token: string }).token;

    for (const token of [member, adminToken]) {
      const credits = await waitFor(
        'the credit account',
        async () => {
          const res = await creditsOf(token);
          return res.status === 200 && res.json();
        },
        30_000,
      );
      expect(credits).toEqual({ totalCredits: 3, freeCredits: 3, paidCredits: 0, dailyCredits: 3, maxDailyCredits: 3 });
    }
    // A member's first call opens their account too (ADR 0068): the waiting events are the ones
    // that name the accounts, and they grant no second day's credits.
    const billingDb = new Pool({ connectionString: run.env.BILLING_DATABASE_URL, max: 1 });
    try {
      const named = await waitFor(
        'the waiting registrations to name both accounts',
        async () => {
          const { rows } = await billingDb.query<{ email: string }>('SELECT email FROM credit_accounts WHERE email IS NOT NULL');
          return rows.length === 2 && rows;
        },
        30_000,
      );
      expect(named.map((r) => r.email)).toContain(admin.email);
    } finally {
      await billingDb.end();
    }
    expect(await run.queueDepth('billing.user-registered')).toBe(0);
    for (const token of [member, adminToken]) expect(await (await creditsOf(token)).json()).toMatchObject({ dailyCredits: 3 });
  });
});
