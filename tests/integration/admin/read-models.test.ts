import { randomUUID } from 'node:crypto';
import { type EventEnvelope, newEvent } from '@stockai/platform';
import { startTestService, type TestService, waitFor } from '@stockai/platform/src/testing';
import { adminService } from '../../../services/admin/src/app';
import { dailyFigures } from '../../../services/admin/src/stats/daily';

/**
 * The admin service's read models on real PostgreSQL and RabbitMQ: the members directory and the
 * analysis counts follow the events whatever order they arrive in, each once.
 */
describe('admin read models', () => {
  let admin: TestService;

  beforeAll(async () => {
    // No owner is called here: the events arrive on the bus.
    const nowhere = 'http://127.0.0.1:9';
    admin = await startTestService(adminService({ owners: { auth: nowhere, billing: nowhere, analysis: nowhere } }));
  });

  afterAll(async () => {
    await admin?.close();
  });

  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const publishAt = async (event: EventEnvelope, offsetMs: number) => {
    const dated = { ...event, occurredAt: at(offsetMs) };
    await admin.bus.publish(dated);
    return dated;
  };
  const handled = (events: EventEnvelope[]) =>
    waitFor('the events handled', async () => {
      const { rows } = await admin.db.query<{ n: string }>(
        "SELECT count(*) AS n FROM inbox WHERE consumer = 'admin.read-models' AND event_id = ANY($1::uuid[])",
        [events.map((e) => e.id)],
      );
      return Number(rows[0]?.n) === events.length;
    });
  const member = async (userId: string) =>
    (await admin.db.query('SELECT email, role, level, last_login_at, deleted_at FROM members WHERE user_id = $1', [userId])).rows[0];

  it('keeps the newest role and level, whatever order the events arrive in, and a registration that comes last', async () => {
    const userId = randomUUID();
    const events = [
      await publishAt(newEvent('user.updated', { userId, fields: ['role'], role: 'user' }), -1000),
      await publishAt(newEvent('membership.changed', { userId, level: 'premium', previousLevel: 'vip' }), -1000),
      await publishAt(newEvent('user.updated', { userId, fields: ['role'], role: 'admin' }), -3000),
      await publishAt(newEvent('membership.changed', { userId, level: 'vip', previousLevel: 'free' }), -2000),
      await publishAt(newEvent('user.updated', { userId, fields: ['profile'] }), 0),
      await publishAt(
        newEvent('user.registered', { userId, email: 'late@example.com', firstName: 'Late', lastName: 'Lee', registeredAt: at(-4000) }),
        -4000,
      ),
    ];
    await admin.bus.publish(events[0] as EventEnvelope);
    await handled(events);
    expect(await member(userId)).toMatchObject({ email: 'late@example.com', role: 'user', level: 'premium', deleted_at: null });
  });

  it('keeps a deleted member deleted, and their last sign-in', async () => {
    const userId = randomUUID();
    const events = [
      await publishAt(
        newEvent('user.registered', { userId, email: 'gone@example.com', firstName: 'A', lastName: 'B', registeredAt: at(-5000) }),
        -5000,
      ),
      await publishAt(newEvent('user.logged-in', { userId, email: 'gone@example.com', success: true, ip: null, userAgent: null }), -4000),
      await publishAt(newEvent('user.logged-in', { userId, email: 'gone@example.com', success: false, ip: null, userAgent: null }), -3500),
      await publishAt(newEvent('user.deleted', { userId, email: 'gone@example.com', deletedBy: randomUUID() }), -3000),
      await publishAt(
        newEvent('user.registered', { userId, email: 'gone@example.com', firstName: 'A', lastName: 'B', registeredAt: at(-5000) }),
        -2000,
      ),
    ];
    await handled(events);
    const row = (await member(userId)) as { deleted_at: Date | null; last_login_at: Date };
    expect(row.deleted_at).not.toBeNull();
    expect((row.last_login_at as Date).toISOString()).toBe(events[1]?.occurredAt);
  });

  it('counts each analysis once, with its outcome, also when the outcome comes first', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const userId = randomUUID();
    const events = [
      await publishAt(newEvent('analysis.completed', { analysisId: first, userId, symbol: 'AAPL' }), 0),
      await publishAt(newEvent('analysis.requested', { analysisId: first, userId, symbol: 'AAPL' }), -1000),
      await publishAt(newEvent('analysis.requested', { analysisId: second, userId, symbol: '0700.HK' }), 0),
      await publishAt(newEvent('analysis.failed', { analysisId: second, userId, symbol: '0700.HK', error: 'no data' }), 500),
    ];
    await admin.bus.publish(events[0] as EventEnvelope);
    await handled(events);
    const { rows } = await admin.db.query<{ analysis_id: string; status: string; requested_at: Date }>(
      'SELECT analysis_id, status, requested_at FROM analyses WHERE user_id = $1 ORDER BY requested_at',
      [userId],
    );
    expect(rows.map((r) => [r.analysis_id, r.status])).toEqual([
      [first, 'completed'],
      [second, 'failed'],
    ]);
    expect(rows[0]?.requested_at.toISOString()).toBe(events[1]?.occurredAt);
  });

  it("sums each UTC day's confirmed payments per currency, its analyses and alerts sent, with every quiet day present as zeros", async () => {
    // Days long past, so that no other test's events fall in the range.
    const userId = randomUUID();
    const payment = (amount: number, currency: string, occurredAt: string, failed = false) => {
      const base = {
        paymentId: randomUUID(),
        userId,
        price: { amount, currency },
        provider: 'demo' as const,
        providerPaymentId: randomUUID(),
      };
      const event = failed
        ? newEvent('payment.failed', { ...base, reason: 'card declined' })
        : newEvent('payment.confirmed', { ...base, credits: 5 });
      return { ...event, occurredAt };
    };
    const analysis = (occurredAt: string, outcome?: 'completed') => {
      const analysisId = randomUUID();
      return [
        { ...newEvent('analysis.requested', { analysisId, userId, symbol: 'AAPL' }), occurredAt },
        ...(outcome ? [{ ...newEvent('analysis.completed', { analysisId, userId, symbol: 'AAPL' }), occurredAt }] : []),
      ];
    };
    const alert = (occurredAt: string) => ({
      ...newEvent('notification.created', {
        notificationId: randomUUID(),
        userId,
        kind: 'price_above',
        symbol: 'AAPL',
        stockName: 'Apple',
        title: 'Apple（AAPL）股價升穿 USD 100',
        body: '最新股價 USD 101。',
        price: 101,
        threshold: 100,
        currency: 'USD',
        analysisId: null,
        email: false,
      }),
      occurredAt,
    });
    const alerts = [alert('2020-03-02T01:00:00.000Z'), alert('2020-03-02T22:00:00.000Z'), alert('2020-03-03T00:00:00.000Z')];
    const events = [
      ...alerts,
      payment(1999, 'HKD', '2020-03-01T00:00:00.000Z'),
      payment(1, 'HKD', '2020-03-01T23:59:59.999Z'),
      payment(500, 'USD', '2020-03-01T10:00:00.000Z'),
      payment(9900, 'HKD', '2020-03-01T11:00:00.000Z', true),
      // 23:30 in UTC is the next day in Hong Kong: the chart's days are UTC.
      payment(250, 'HKD', '2020-03-03T23:30:00.000Z'),
      payment(777, 'HKD', '2020-02-29T23:59:59.999Z'),
      ...analysis('2020-03-01T08:00:00.000Z', 'completed'),
      ...analysis('2020-03-01T09:00:00.000Z'),
      ...analysis('2020-03-03T00:00:00.000Z', 'completed'),
    ];
    for (const event of events) await admin.bus.publish(event);
    const consumed = (consumer: string, handled: EventEnvelope[]) =>
      waitFor(`${consumer} to handle the events`, async () => {
        const { rows } = await admin.db.query<{ n: string }>(
          'SELECT count(*) AS n FROM inbox WHERE consumer = $1 AND event_id = ANY($2::uuid[])',
          [consumer, handled.map((e) => e.id)],
        );
        return Number(rows[0]?.n) === handled.length;
      });
    await consumed(
      'admin.read-models',
      events.filter((e) => e.type.startsWith('analysis.') || e.type === 'notification.created'),
    );
    await consumed(
      'admin.activity-log',
      events.filter((e) => e.type !== 'analysis.requested' && e.type !== 'notification.created'),
    );

    const sut = await dailyFigures(admin.db, new Date('2020-03-03T23:59:00.000Z'), 3);

    expect(sut).toEqual([
      {
        date: '2020-03-01',
        revenue: [
          { amount: 20, currency: 'HKD' },
          { amount: 5, currency: 'USD' },
        ],
        payments: 3,
        analyses: 2,
        completedAnalyses: 1,
        alertsSent: 0,
      },
      { date: '2020-03-02', revenue: [], payments: 0, analyses: 0, completedAnalyses: 0, alertsSent: 2 },
      { date: '2020-03-03', revenue: [{ amount: 2.5, currency: 'HKD' }], payments: 1, analyses: 1, completedAnalyses: 1, alertsSent: 1 },
    ]);
  });
});
