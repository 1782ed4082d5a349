import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { newEvent, signAccessToken, generateRsaKeyPair } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { adminService } from '../../../services/admin/src/app';
import { authService } from '../../../services/auth/src/app';
import { billingService } from '../../../services/billing/src/app';

/**
 * The consumers of user.registered, each in its own service on real PostgreSQL, RabbitMQ and
 * Redis, sharing one exchange as in production: billing opens a credit account, admin logs
 * the activity; a redelivered event changes nothing.
 */
describe('user.registered consumers', () => {
  const keys = generateRsaKeyPair();
  const exchange = `${uniqueName('consumers')}.events`;
  let billing: TestService;
  let admin: TestService;
  let auth: TestService;
  let adminToken: string;
  const adminLogin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };

  beforeAll(async () => {
    [billing, admin] = await Promise.all([
      startTestService(billingService(), { keys, exchange }),
      // The admin service asks auth whether the caller is an admin now; billing and analysis are not called here.
      startTestService(adminService({ owners: { auth: () => auth.url, billing: () => billing.url, analysis: 'http://127.0.0.1:9' } }), {
        keys,
        exchange,
      }),
    ]);
    auth = await startTestService(
      authService({
        tokenLifetimeSeconds: 600,
        appUrl: 'http://localhost:8080',
        mail: { from: 'StockAI <no-reply@example.com>', outboxDir: os.tmpdir() },
        admin: adminLogin,
      }),
      { keys, exchange },
    );
    const login = await fetch(`${auth.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(adminLogin),
    });
    adminToken = ((await login.json()) as { token: string }).token;
  });

  afterAll(async () => {
    await Promise.all([billing?.close(), admin?.close(), auth?.close()]);
  });

  const tokenFor = (id: string, role: 'user' | 'admin' = 'user') => signAccessToken(keys.privateKey, { id, role }, 600).token;
  const get = (base: string, path: string, token: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('opens one credit account and one activity entry, however often the event arrives', async () => {
    const userId = randomUUID();
    const email = `${uniqueName('new')}@example.com`;
    const event = newEvent('user.registered', {
      userId,
      email,
      firstName: 'Ka Ho',
      lastName: 'Lee',
      registeredAt: new Date().toISOString(),
    });

    const account = () => billing.db.query('SELECT email FROM credit_accounts WHERE user_id = $1', [userId]);
    expect((await account()).rowCount).toBe(0);
    await billing.bus.publish(event);
    await billing.bus.publish(event);

    // The event opens it (a member's own first call would too: ADR 0068; that is not what is tested here).
    await waitFor('the credit account', async () => (await account()).rows[0]?.email === email);
    const credits = await (await get(billing.url, '/api/users/credits', tokenFor(userId))).json();
    expect(credits).toEqual({ totalCredits: 3, freeCredits: 3, paidCredits: 0, dailyCredits: 3, maxDailyCredits: 3 });

    const activities = await waitFor('the activity entry', async () => {
      const res = await get(admin.url, '/api/admin/user-activities?limit=100', adminToken);
      const body = (await res.json()) as { activities: Array<{ userId: string; activityType: string; user: { email: string } }> };
      const mine = body.activities.filter((a) => a.userId === userId);
      return mine.length > 0 && mine;
    });
    expect(activities).toEqual([
      expect.objectContaining({ activityType: 'registration', status: 'success', user: expect.objectContaining({ email }) }),
    ]);

    // Both deliveries were handled (the inbox holds the id once per consumer) and the second changed nothing.
    await waitFor('both deliveries', async () => {
      const { rows } = await billing.db.query<{ n: string }>(
        "SELECT count(*) AS n FROM inbox WHERE event_id = $1 AND consumer = 'billing.user-registered'",
        [event.id],
      );
      return rows[0]?.n === '1';
    });
    const accounts = await billing.db.query('SELECT 1 FROM credit_accounts WHERE user_id = $1', [userId]);
    expect(accounts.rowCount).toBe(1);
    const entries = await admin.db.query('SELECT 1 FROM user_activities WHERE user_id = $1', [userId]);
    expect(entries.rowCount).toBe(1);
  });

  it('shows the activity log to admins only', async () => {
    const asUser = await get(admin.url, '/api/admin/user-activities', tokenFor(randomUUID()));
    expect(asUser.status).toBe(403);
    const bad = await get(admin.url, '/api/admin/user-activities?page=0', adminToken);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^page: /);
  });
});
