import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createMemoryBus } from '../bus/memory';
import { createOutboxRelay, writeOutbox } from '../bus/outbox';
import { newEvent } from '../bus/envelope';
import { PLATFORM_MIGRATIONS_DIR, migrate } from '../db/migrate';
import { createTestDatabase } from '../testing';
import { waitFor } from '../bus/test-helpers';
import { expressRoute, httpMetrics } from './http';
import { type RunningMetrics, startMetrics } from './provider';

/** One sample line's value from Prometheus text, found by its name and labels (all given must match). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => present[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('metrics on their own Prometheus port', () => {
  let metrics: RunningMetrics;
  const scrape = async () => (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();

  beforeAll(async () => {
    metrics = await startMetrics({ serviceName: 'metrics-test', port: 0, host: '127.0.0.1' });
  });
  afterAll(() => metrics.shutdown());

  it('counts each request under its route pattern, method and status, with its duration', async () => {
    const app = express();
    app.use(httpMetrics(expressRoute));
    app.get('/api/things/:id', (req, res) => {
      res.status(req.params.id === 'missing' ? 404 : 200).json({});
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const id of ['a', 'b', 'missing']) await fetch(`${base}/api/things/${id}`);
      await fetch(`${base}/nowhere`);
    } finally {
      server.close();
    }
    const text = await scrape();
    const labels = { http_request_method: 'GET', http_route: '/api/things/:id' };
    expect(sample(text, 'http_server_request_duration_seconds_count', { ...labels, http_response_status_code: '200' })).toBe(2);
    expect(sample(text, 'http_server_request_duration_seconds_count', { ...labels, http_response_status_code: '404' })).toBe(1);
    expect(sample(text, 'http_server_request_duration_seconds_count', { http_route: 'unmatched' })).toBe(1);
    expect(text).toMatch(/http_server_request_duration_seconds_bucket\{[^}]*le="0.005"/);
  });

  it("counts credits debited, payment outcomes and published events from the outbox, and the consumers' lag", async () => {
    const { db, drop } = await createTestDatabase();
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
    const bus = createMemoryBus();
    const seen: string[] = [];
    await bus.subscribe({ queue: 'metrics-test', patterns: ['#'], handler: async (e) => void seen.push(e.id) });
    const user = randomUUID();
    const events = [
      newEvent('credit.debited', { userId: user, amount: 3, reference: 'analysis:1' }),
      newEvent('credit.debited', { userId: user, amount: 2, reference: 'analysis:2' }),
      newEvent('payment.failed', {
        paymentId: randomUUID(),
        userId: user,
        price: { amount: 1000, currency: 'HKD' },
        provider: 'demo',
        providerPaymentId: 'pi_1',
        reason: 'card declined',
      }),
    ];
    await db.transaction(async (tx) => {
      for (const event of events) await writeOutbox(tx, event);
    });
    const relay = createOutboxRelay({ db, bus });
    await relay.relayOnce();
    await waitFor('the events consumed', async () => seen.length === events.length);
    await bus.close();
    await drop();

    const text = await scrape();
    expect(sample(text, 'credits_debited_total')).toBe(5);
    expect(sample(text, 'payments_total', { outcome: 'failed', provider: 'demo' })).toBe(1);
    expect(sample(text, 'events_published_total', { type: 'credit.debited' })).toBe(2);
    expect(sample(text, 'messaging_consumer_lag_seconds_count', { queue: 'metrics-test' })).toBe(3);
  });

  it('answers only /metrics on that port', async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/api/auth/login`)).status).toBe(404);
  });
});
