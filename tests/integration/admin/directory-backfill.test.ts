import { connect } from 'amqplib';
import { Pool } from 'pg';
import { uniqueName, waitFor } from '@stockai/platform/src/testing';
import { ProcessGroup, distributedProcesses } from '../../../deploy/distributed';
import { type DistributedRun, prepareDistributedRun } from '../../support/distributed-run';
import { freePort, freePortBlock } from '../../support/gateway';

jest.setTimeout(240_000);

/**
 * Members who registered before the admin service's queue existed (a deployment older than the
 * members directory) have no event for it: auth, billing and a member exist first, the member's
 * `user.registered` never reaches the admin service (its queue is emptied before it starts, as
 * if it had not been there), and the admin service starts afterwards, as separate processes on
 * the real PostgreSQL and RabbitMQ. The admin's first call fills the directory from auth.
 */
describe('members directory filled from auth', () => {
  let run: DistributedRun;
  let group: ProcessGroup;
  let auth: Pool;
  const logs: string[] = [];
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  const early = { email: `${uniqueName('early')}@example.com`, password: 'secret123', firstName: 'Mei', lastName: 'Wong' };
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    run = await prepareDistributedRun('adm_fill');
    const specs = distributedProcesses({
      gatewayPort: await freePort(),
      servicePortBase: await freePortBlock(40),
      env: { ...run.env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    });
    for (const s of specs) urls[s.name] = `http://127.0.0.1:${s.port}`;
    group = new ProcessGroup(specs, (name, line) => logs.push(`${name} | ${line}`));
    auth = new Pool({ connectionString: run.env.AUTH_DATABASE_URL, max: 1 });
  }, 60_000);

  afterAll(async () => {
    await group?.stopAll();
    await auth?.end();
    await run?.cleanUp();
  });

  const ready = (name: 'auth' | 'billing' | 'admin') =>
    group.waitReady(name, 150_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs.slice(-40).join('\n')}`);
    });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Body = Record<string, any>;
  const call = async (base: string, method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const purgeAdminDirectoryQueue = async () => {
    const connection = await connect(run.env.AMQP_URL as string);
    try {
      const channel = await connection.createChannel();
      await channel.purgeQueue(`${run.env.AMQP_QUEUE_PREFIX}admin.read-models`);
    } finally {
      await connection.close();
    }
  };

  it("lists a member whose registration the admin service never received, with billing's credits; a refill is idempotent", async () => {
    group.start('auth');
    group.start('billing');
    await Promise.all([ready('auth'), ready('billing')]);
    const registered = await call(urls.auth as string, 'POST', '/api/auth/register', undefined, early);
    expect(registered.status).toBe(201);
    const member = registered.body as { token: string; user: { id: string } };

    // Both registrations (the seeded admin's and the member's) are out of auth's outbox and in the
    // admin's queue; emptied, the admin service never hears of them.
    await waitFor('auth to publish both user.registered events', async () => {
      const { rows } = await auth.query<{ n: string }>(
        "SELECT count(*) AS n FROM outbox WHERE payload->>'type' = 'user.registered' AND published_at IS NOT NULL",
      );
      return rows[0]?.n === '2';
    });
    await waitFor('the registrations in the admin queue', async () => (await run.queueDepth('admin.read-models')) >= 2);
    await purgeAdminDirectoryQueue();
    expect(await run.queueDepth('admin.read-models')).toBe(0);

    group.start('admin');
    await ready('admin');
    const adminToken = (await call(urls.auth as string, 'POST', '/api/auth/login', undefined, admin)).body.token as string;
    const adminApi = (method: string, path: string, token = adminToken) => call(urls.admin as string, method, `/api/admin/${path}`, token);

    // The first admin call fills the directory before it answers.
    const found = await adminApi('GET', `members?search=${encodeURIComponent(early.email)}`);
    expect(found.status).toBe(200);
    expect(found.body.members).toEqual([
      expect.objectContaining({
        _id: member.user.id,
        email: early.email,
        firstName: 'Mei',
        lastName: 'Wong',
        role: 'user',
        level: 'free',
        credits: 3,
      }),
    ]);
    const self = await adminApi('GET', `members?search=${encodeURIComponent(admin.email)}`);
    expect(self.body.members).toEqual([expect.objectContaining({ email: admin.email, role: 'admin' })]);
    expect((await adminApi('GET', 'members?page=1&limit=20')).body).toMatchObject({ total: 2 });

    // Again on demand: the same accounts, nobody twice.
    for (let i = 0; i < 2; i++) {
      const refill = await adminApi('POST', 'members/backfill');
      expect(refill).toMatchObject({ status: 200, body: { success: true, accounts: 2 } });
    }
    expect((await adminApi('GET', 'members?page=1&limit=20')).body).toMatchObject({ total: 2 });
    const audit = await adminApi('GET', 'user-activities?type=admin_action&limit=20');
    expect(audit.body.activities.filter((a: Body) => a.details.action === 'directory.backfill')).toHaveLength(2);

    expect((await adminApi('POST', 'members/backfill', member.token)).status).toBe(403);
    expect((await call(urls.admin as string, 'POST', '/api/admin/members/backfill')).status).toBe(401);
  });
});
