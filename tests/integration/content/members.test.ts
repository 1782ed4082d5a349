import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { generateRsaKeyPair, newEvent, signAccessToken } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { contentService } from '../../../services/content/src/app';
import { ghostSignature } from '../../../services/content/src/ghost/webhook-signature';
import { type GhostStandIn, startGhostStandIn } from '../../support/ghost-stand-in';

interface SyncLog {
  email: string;
  action: string;
  trigger: string;
  outcome: string;
  ghostMemberId: string | null;
  detail: string | null;
}

const WEBHOOK_SECRET = 'member-webhook-secret';

/** The content service syncing members with the Ghost stand-in (Admin API key and webhook secret set). */
const syncingWith = (ghost: GhostStandIn) =>
  contentService({
    ghost: {
      url: ghost.url,
      contentApiKey: ghost.contentApiKey,
      adminApiKey: ghost.adminApiKey,
      webhookSecret: WEBHOOK_SECRET,
      refreshIntervalMs: 3_600_000,
      timeoutMs: 2000,
    },
  });

/**
 * Ghost member sync through the official Admin API client against the Ghost stand-in (which
 * checks the admin JWT as Ghost does), on real PostgreSQL and RabbitMQ.
 */
describe('content: Ghost member sync', () => {
  const keys = generateRsaKeyPair();
  const adminToken = signAccessToken(keys.privateKey, { id: randomUUID(), role: 'admin' }, 600).token;
  let ghost: GhostStandIn;
  let sut: TestService;

  beforeAll(async () => {
    ghost = await startGhostStandIn();
    sut = await startTestService(syncingWith(ghost), { keys });
  });
  afterAll(async () => {
    await sut?.close();
    await ghost?.close();
  });
  afterEach(() => ghost.failWith(undefined));

  const call = async (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${sut.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const logsFor = async (email: string) =>
    ((await call('GET', '/api/ghost/sync-logs?page=1&limit=100', { token: adminToken })).body.logs as SyncLog[]).filter(
      (l) => l.email === email,
    );

  async function register(firstName = 'Mei', lastName = 'Wong') {
    const userId = randomUUID();
    const email = `${uniqueName('reader')}@example.com`;
    const event = newEvent('user.registered', { userId, email, firstName, lastName, registeredAt: new Date().toISOString() });
    await sut.bus.publish(event);
    await waitFor('the sync log entry', async () => (await logsFor(email)).length > 0);
    return { userId, email, event, token: signAccessToken(keys.privateKey, { id: userId, role: 'user' }, 600).token };
  }

  it('makes a registered user a Ghost member once, however often the event arrives', async () => {
    const { email, event } = await register('Mei', 'Wong');
    const member = ghost.members.find((m) => m.email === email);
    expect(member).toMatchObject({ name: 'Mei Wong', labels: [{ name: 'StockAI' }] });
    expect(await logsFor(email)).toEqual([
      {
        id: expect.any(String),
        email,
        action: 'create',
        trigger: 'user.registered',
        outcome: 'success',
        ghostMemberId: member!.id,
        detail: 'member created',
        createdAt: expect.any(String),
      },
    ]);

    await sut.bus.publish(event);
    await waitFor('the second sync', async () => (await logsFor(email)).length === 2);
    expect(ghost.members.filter((m) => m.email === email)).toHaveLength(1);
    expect((await logsFor(email))[0]).toMatchObject({ action: 'update', outcome: 'success', detail: 'already a member' });
  });

  it('checks membership for admins, and for users only their own e-mail', async () => {
    const { email, token } = await register();
    expect((await call('GET', `/api/ghost/check-membership/${email}`, { token: adminToken })).body).toMatchObject({
      success: true,
      isMember: true,
      member: { email, name: 'Mei Wong', status: 'free' },
    });
    expect((await call('GET', '/api/ghost/check-membership/nobody@example.com', { token: adminToken })).body).toEqual({
      success: true,
      email: 'nobody@example.com',
      isMember: false,
      member: null,
    });
    expect((await call('GET', `/api/ghost/check-membership/${email.toUpperCase()}`, { token })).body).toMatchObject({ isMember: true });
    const other = await call('GET', '/api/ghost/check-membership/nobody@example.com', { token });
    expect(other).toMatchObject({ status: 403, body: { code: 'NOT_YOUR_EMAIL' } });
    expect((await call('GET', `/api/ghost/check-membership/${email}`)).status).toBe(401);
    expect((await call('GET', '/api/ghost/check-membership/not-an-email', { token: adminToken })).status).toBe(400);
  });

  it('asks a member whose registration it has not heard of yet to retry (503 with Retry-After), rather than refusing their own e-mail', async () => {
    const token = signAccessToken(keys.privateKey, { id: randomUUID(), role: 'user' }, 600).token;
    const res = await fetch(`${sut.url}/api/ghost/check-membership/${uniqueName('early')}@example.com`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toMatchObject({ code: 'ACCOUNT_NOT_READY' });
  });

  it('syncs a user on request: renames an existing member, creates a missing one', async () => {
    const { email } = await register('Siu Ming', 'Chan');
    const member = ghost.members.find((m) => m.email === email)!;
    member.name = 'Old Name';
    const again = await call('POST', '/api/ghost/sync-user', { token: adminToken, body: { email } });
    expect(again.body).toMatchObject({ success: true, action: 'update', member: { id: member.id, name: 'Siu Ming Chan' } });
    expect(member.name).toBe('Siu Ming Chan');

    const stranger = `${uniqueName('walk-in')}@example.com`;
    const created = await call('POST', '/api/ghost/sync-user', { token: adminToken, body: { email: stranger } });
    expect(created.body).toMatchObject({ success: true, action: 'create', member: { email: stranger } });
    expect((await logsFor(stranger))[0]).toMatchObject({ action: 'create', trigger: 'manual', outcome: 'success' });
    expect((await call('POST', '/api/ghost/sync-user', { token: adminToken, body: {} })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'email: is required',
    });
  });

  it('logs a failed sync when Ghost fails, answers 502, and keeps the registration flowing', async () => {
    ghost.failWith(503);
    const email = `${uniqueName('during-outage')}@example.com`;
    const res = await call('POST', '/api/ghost/sync-user', { token: adminToken, body: { email } });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'GHOST_UNAVAILABLE' });
    expect((await logsFor(email))[0]).toMatchObject({ action: 'create', outcome: 'failed', detail: 'Ghost is having a bad day' });
    expect((await call('GET', `/api/ghost/check-membership/${email}`, { token: adminToken })).status).toBe(502);

    const { email: registered } = await register();
    expect((await logsFor(registered))[0]).toMatchObject({ trigger: 'user.registered', outcome: 'failed' });
    ghost.failWith(undefined);
    expect((await call('POST', '/api/ghost/sync-user', { token: adminToken, body: { email: registered } })).body).toMatchObject({
      action: 'create',
    });
    expect(ghost.members.find((m) => m.email === registered)?.name).toBe('Mei Wong');
  });

  it('pages the sync log for admins only', async () => {
    const page1 = await call('GET', '/api/ghost/sync-logs?page=1&limit=2', { token: adminToken });
    expect(page1.body).toMatchObject({ success: true, configured: true, page: 1, limit: 2 });
    expect(page1.body.logs).toHaveLength(2);
    const total = page1.body.total as number;
    expect(page1.body.totalPages).toBe(Math.ceil(total / 2));
    const page2 = await call('GET', '/api/ghost/sync-logs?page=2&limit=2', { token: adminToken });
    const ids = (body: Record<string, unknown>) => (body.logs as Array<{ id: string }>).map((l) => l.id);
    expect(ids(page2.body)).toHaveLength(Math.min(2, total - 2));
    expect(ids(page2.body).some((id) => ids(page1.body).includes(id))).toBe(false);
    const user = signAccessToken(keys.privateKey, { id: randomUUID(), role: 'user' }, 600).token;
    expect((await call('GET', '/api/ghost/sync-logs', { token: user })).status).toBe(403);
    expect((await call('GET', '/api/ghost/sync-logs?limit=1000', { token: adminToken })).status).toBe(400);
  });

  it('takes member webhooks in Ghost’s shape and the API testing page’s, with a valid signature only', async () => {
    const email = `${uniqueName('from-ghost')}@example.com`;
    const ghostShape = {
      member: { current: { id: 'abc123', email, name: 'From Ghost', status: 'paid', created_at: new Date().toISOString() }, previous: {} },
    };
    const send = (body: unknown, signature?: string) =>
      call('POST', '/api/ghost/webhook/member', { body, headers: signature ? { 'x-ghost-signature': signature } : {} });

    expect((await send(ghostShape)).status).toBe(401);
    expect((await send(ghostShape, ghostSignature('not-the-secret', ghostShape))).status).toBe(401);
    expect((await send(ghostShape, ghostSignature(WEBHOOK_SECRET, ghostShape))).body).toEqual({ success: true });
    expect(await logsFor(email)).toEqual([
      expect.objectContaining({
        action: 'webhook',
        trigger: 'webhook',
        outcome: 'success',
        ghostMemberId: 'abc123',
        detail: 'status: paid',
      }),
    ]);

    const deleted = { member: { current: {}, previous: { id: 'abc123', email, status: 'paid' } } };
    expect((await send(deleted, ghostSignature(WEBHOOK_SECRET, deleted))).status).toBe(200);
    const testPage = { member: { id: 'def456', email, name: 'Test', status: 'free', created_at: '2026-11-23T00:00:00.000Z' } };
    expect((await send(testPage, ghostSignature(WEBHOOK_SECRET, testPage))).status).toBe(200);
    expect(await logsFor(email)).toHaveLength(3);

    const broken = { member: { id: 'x', email: 'nope' } };
    expect((await send(broken, ghostSignature(WEBHOOK_SECRET, broken))).status).toBe(400);
  });

  it('takes the API testing page’s unsigned member webhook from an admin only', async () => {
    const email = `${uniqueName('from-test-page')}@example.com`;
    const testPage = { member: { id: 'ghi789', email, name: 'Test', status: 'free', created_at: '2026-11-23T00:00:00.000Z' } };
    const user = signAccessToken(keys.privateKey, { id: randomUUID(), role: 'user' }, 600).token;
    expect((await call('POST', '/api/ghost/webhook/member', { body: testPage, token: user })).status).toBe(401);
    expect(await call('POST', '/api/ghost/webhook/member', { body: testPage, token: adminToken })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await logsFor(email)).toEqual([expect.objectContaining({ action: 'webhook', outcome: 'success', ghostMemberId: 'ghi789' })]);
  });

  it('is checked by the stand-in as Ghost checks admin tokens', async () => {
    const [id] = ghost.adminApiKey.split(':');
    const forged = jwt.sign({}, Buffer.from('00'.repeat(32), 'hex'), {
      keyid: id,
      algorithm: 'HS256',
      expiresIn: '5m',
      audience: '/admin/',
    });
    const res = await fetch(`${ghost.url}/ghost/api/admin/members/`, { headers: { authorization: `Ghost ${forged}` } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { errors: Array<{ type: string }> }).errors[0]!.type).toBe('UnauthorizedError');
    const [, secret] = ghost.adminApiKey.split(':');
    const tooLong = jwt.sign({}, Buffer.from(secret!, 'hex'), { keyid: id, algorithm: 'HS256', expiresIn: '1h', audience: '/admin/' });
    expect((await fetch(`${ghost.url}/ghost/api/admin/members/`, { headers: { authorization: `Ghost ${tooLong}` } })).status).toBe(401);
  });
});

/** Member sync with Ghost down: nothing listens where Ghost should be. */
describe('content: Ghost member sync while Ghost is down', () => {
  const keys = generateRsaKeyPair();
  const adminToken = signAccessToken(keys.privateKey, { id: randomUUID(), role: 'admin' }, 600).token;
  let sut: TestService;
  /** What the answer and the log say: where Ghost was looked for and why it could not be reached. */
  let unreachable: string;

  beforeAll(async () => {
    const ghost = await startGhostStandIn();
    unreachable = `Ghost could not be reached at ${ghost.url} (ECONNREFUSED)`;
    sut = await startTestService(syncingWith(ghost), { keys });
    await ghost.close();
  });
  afterAll(async () => {
    await sut?.close();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sut.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const logsFor = async (email: string) =>
    ((await call('GET', '/api/ghost/sync-logs?page=1&limit=100')).body.logs as SyncLog[]).filter((l) => l.email === email);

  it('answers a manual sync with 502 saying Ghost could not be reached, and logs the failed attempt', async () => {
    const email = `${uniqueName('ghost-down')}@example.com`;
    const res = await call('POST', '/api/ghost/sync-user', { email });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: `Ghost did not complete the request: ${unreachable}`, code: 'GHOST_UNAVAILABLE' });
    expect(await logsFor(email)).toEqual([
      expect.objectContaining({ email, action: 'create', trigger: 'manual', outcome: 'failed', ghostMemberId: null, detail: unreachable }),
    ]);
  });

  it('answers a membership check with 502 saying Ghost could not be reached', async () => {
    const res = await call('GET', `/api/ghost/check-membership/${uniqueName('ghost-down')}@example.com`);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: `Ghost did not complete the request: ${unreachable}`, code: 'GHOST_UNAVAILABLE' });
  });

  it('logs the failed sync of a user who registers meanwhile, and still takes the registration', async () => {
    const email = `${uniqueName('ghost-down')}@example.com`;
    await sut.bus.publish(
      newEvent('user.registered', {
        userId: randomUUID(),
        email,
        firstName: 'Ka Yan',
        lastName: 'Lee',
        registeredAt: new Date().toISOString(),
      }),
    );
    const [entry] = await waitFor('the failed sync in the log', async () => {
      const logs = await logsFor(email);
      return logs.length > 0 && logs;
    });
    expect(entry).toMatchObject({ action: 'create', trigger: 'user.registered', outcome: 'failed', detail: unreachable });
    // Remembered, so the manual sync can make the member with the user's name once Ghost is back.
    const { rows } = await sut.db.query('SELECT name FROM ghost_members_known WHERE email = $1', [email]);
    expect(rows).toEqual([{ name: 'Ka Yan Lee' }]);
  });
});
