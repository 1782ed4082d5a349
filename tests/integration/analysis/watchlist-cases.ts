import { WATCHLIST_LIMITS } from '@stockai/contracts';
import { waitFor } from '@stockai/platform/src/testing';
import { money } from '../../../services/analysis/src/report/format';
import { apiClient, registerUser } from './analysis-stack';

export interface WatchlistTarget {
  /** The gateway's URL. */
  base: string;
  /** The e-mails sent so far to `address` (their decoded text). */
  mailsTo(address: string): Promise<string[]>;
  /** The admin made at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin: { email: string; password: string };
}

/**
 * The watchlist and notifications API as a member uses it, the same in both shapes (run with
 * ALERT_CHECK_SECONDS=1): adding with the analysis input's normalisation, repeats, limits and
 * errors; another member seeing nothing of it; an alert true at creation firing exactly once; an
 * e-mail only with the setting on; read-all; the last report on the watchlist item.
 */
export function watchlistApiCases(target: () => WatchlistTarget) {
  const api = (...args: Parameters<ReturnType<typeof apiClient>>) => apiClient(target().base)(...args);

  async function member() {
    const { token, userId } = await registerUser(target().base);
    const profile = await api('GET', '/api/users/profile', { token });
    return { token, userId, email: profile.body.user.email as string };
  }

  /** The notifications of `token` once `count` have arrived. */
  async function notificationsOnce(token: string, count: number) {
    return waitFor(
      `${count} notification(s)`,
      async () => {
        const res = await api('GET', '/api/notifications?limit=100', { token });
        return res.body.total >= count && res.body;
      },
      30_000,
    );
  }

  it('answers 401 on every path without a token', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/watchlist'],
      ['POST', '/api/watchlist', { symbol: 'AAPL' }],
      ['DELETE', '/api/watchlist/AAPL'],
      ['POST', '/api/watchlist/AAPL/alerts', { kind: 'report_stale' }],
      ['DELETE', '/api/watchlist/AAPL/alerts/3f0c6a52-0d3e-4c55-9a51-7d9b6b0c1a01'],
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/3f0c6a52-0d3e-4c55-9a51-7d9b6b0c1a01/read'],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/settings'],
      ['PUT', '/api/notifications/settings', { email: true }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { body });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it('adds with the analysis input normalisation, keeps no duplicate, refuses unknown symbols and bad input, and removes', async () => {
    const { token } = await member();
    const added = await api('POST', '/api/watchlist', { token, body: { symbol: '700' } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ symbol: '0700.HK', name: expect.any(String), alerts: [], report: null });
    expect((await api('POST', '/api/watchlist', { token, body: { symbol: '0700.hk' } })).status).toBe(200);
    expect((await api('POST', '/api/watchlist', { token, body: { symbol: 'aapl' } })).status).toBe(201);

    const list = await api('GET', '/api/watchlist', { token });
    expect(list.status).toBe(200);
    expect(list.body.limit).toBe(WATCHLIST_LIMITS.free);
    expect(list.body.items.map((i: { symbol: string }) => i.symbol)).toEqual(['0700.HK', 'AAPL']);
    expect(list.body.items[1]).toMatchObject({ lastPrice: expect.any(Number), priceAsOf: expect.any(String) });

    const unknown = await api('POST', '/api/watchlist', { token, body: { symbol: 'NOSUCHSTOCK' } });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'STOCK_NOT_FOUND' } });
    const noSymbol = await api('POST', '/api/watchlist', { token, body: {} });
    expect(noSymbol).toMatchObject({ status: 400, body: { error: expect.stringContaining('symbol') } });
    const noPrice = await api('POST', '/api/watchlist/AAPL/alerts', { token, body: { kind: 'price_above' } });
    expect(noPrice).toMatchObject({ status: 400, body: { error: expect.stringContaining('price') } });
    const negative = await api('POST', '/api/watchlist/AAPL/alerts', { token, body: { kind: 'price_below', price: -5 } });
    expect(negative).toMatchObject({ status: 400, body: { error: expect.stringContaining('price') } });
    const badKind = await api('POST', '/api/watchlist/AAPL/alerts', { token, body: { kind: 'price_sideways', price: 5 } });
    expect(badKind).toMatchObject({ status: 400, body: { error: expect.stringContaining('kind') } });
    const notFollowed = await api('POST', '/api/watchlist/MSFT/alerts', { token, body: { kind: 'report_stale' } });
    expect(notFollowed).toMatchObject({ status: 404, body: { code: 'NOT_IN_WATCHLIST' } });
    const badSetting = await api('PUT', '/api/notifications/settings', { token, body: { email: 'yes' } });
    expect(badSetting).toMatchObject({ status: 400, body: { error: expect.stringContaining('email') } });

    expect((await api('DELETE', '/api/watchlist/700', { token })).status).toBe(204);
    expect((await api('DELETE', '/api/watchlist/0700.HK', { token })).status).toBe(404);
    const after = await api('GET', '/api/watchlist', { token });
    expect(after.body.items.map((i: { symbol: string }) => i.symbol)).toEqual(['AAPL']);
  });

  it("shows another member nothing of a member's list, alerts and notifications, and lets them change none of it", async () => {
    const owner = await member();
    const stranger = await member();
    await api('POST', '/api/watchlist', { token: owner.token, body: { symbol: 'MSFT' } });
    const alert = await api('POST', '/api/watchlist/MSFT/alerts', { token: owner.token, body: { kind: 'price_above', price: 0.01 } });
    expect(alert.status).toBe(201);
    const [notification] = (await notificationsOnce(owner.token, 1)).notifications;

    expect((await api('GET', '/api/watchlist', { token: stranger.token })).body.items).toEqual([]);
    expect((await api('GET', '/api/notifications', { token: stranger.token })).body).toMatchObject({
      notifications: [],
      total: 0,
      unread: 0,
    });
    expect((await api('DELETE', '/api/watchlist/MSFT', { token: stranger.token })).status).toBe(404);
    expect((await api('DELETE', `/api/watchlist/MSFT/alerts/${alert.body.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api('POST', `/api/notifications/${notification.id}/read`, { token: stranger.token })).status).toBe(404);
    expect((await api('POST', '/api/watchlist/MSFT/alerts', { token: stranger.token, body: { kind: 'report_stale' } })).status).toBe(404);

    const still = await api('GET', '/api/watchlist', { token: owner.token });
    expect(still.body.items[0].alerts).toEqual([expect.objectContaining({ id: alert.body.id })]);
    expect((await api('GET', '/api/notifications', { token: owner.token })).body.unread).toBe(1);
  });

  it("refuses the stock past the level's limit with 409 WATCHLIST_FULL", async () => {
    const { token } = await member();
    const stocks = await api('GET', '/api/stocks?q=a&limit=20');
    const symbols = (stocks.body as Array<{ symbol: string }>).map((s) => s.symbol).slice(0, 11);
    expect(symbols).toHaveLength(11);
    for (const symbol of symbols.slice(0, 10)) expect((await api('POST', '/api/watchlist', { token, body: { symbol } })).status).toBe(201);
    const full = await api('POST', '/api/watchlist', { token, body: { symbol: symbols[10] } });
    expect(full).toMatchObject({ status: 409, body: { code: 'WATCHLIST_FULL' } });
    // A repeat is no new stock: still 200.
    expect((await api('POST', '/api/watchlist', { token, body: { symbol: symbols[0] } })).status).toBe(200);
  });

  it("follows the member's level to its limit when an admin changes it (billing's membership.changed)", async () => {
    const { token, userId } = await member();
    const login = await api('POST', '/api/auth/login', { body: target().admin });
    expect(login.status).toBe(200);
    const changed = await api('PUT', `/api/admin/members/${userId}`, { token: login.body.token, body: { level: 'vip' } });
    expect(changed.status).toBe(200);
    await waitFor('the vip limit', async () => (await api('GET', '/api/watchlist', { token })).body.limit === WATCHLIST_LIMITS.vip, 30_000);
  });

  it('fires a price_above alert set below the price exactly once, mails it only with e-mail on, and read-all leaves none unread', async () => {
    const quiet = await member();
    const mailed = await member();
    const settings = await api('GET', '/api/notifications/settings', { token: mailed.token });
    expect(settings.body).toEqual({ email: false });
    expect((await api('PUT', '/api/notifications/settings', { token: mailed.token, body: { email: true } })).body).toEqual({ email: true });

    for (const { token } of [quiet, mailed]) {
      await api('POST', '/api/watchlist', { token, body: { symbol: 'nvda' } });
      const price = (await api('GET', '/api/watchlist', { token })).body.items[0].lastPrice as number;
      const alert = await api('POST', '/api/watchlist/NVDA/alerts', { token, body: { kind: 'price_above', price: price / 2 } });
      expect(alert).toMatchObject({ status: 201, body: { id: expect.any(String), kind: 'price_above', price: price / 2, active: true } });
    }
    const [first] = (await notificationsOnce(mailed.token, 1)).notifications;
    expect(first).toMatchObject({ kind: 'price_above', symbol: 'NVDA', read: false, title: expect.stringContaining('NVDA') });
    await notificationsOnce(quiet.token, 1);

    // Later rounds: a second alert firing proves the evaluation ran again, and the first fired no more.
    await api('POST', '/api/watchlist/NVDA/alerts', { token: mailed.token, body: { kind: 'price_below', price: 1e9 } });
    const both = await notificationsOnce(mailed.token, 2);
    expect(both.notifications.map((n: { kind: string }) => n.kind).sort()).toEqual(['price_above', 'price_below']);
    const item = (await api('GET', '/api/watchlist', { token: mailed.token })).body.items[0];
    expect(item.alerts.map((a: { active: boolean; lastFiredAt: string | null }) => [a.active, typeof a.lastFiredAt])).toEqual([
      [false, 'string'],
      [false, 'string'],
    ]);

    const mails = await waitFor(
      'the two alert e-mails',
      async () => {
        const got = await target().mailsTo(mailed.email);
        return got.length >= 2 && got;
      },
      30_000,
    );
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail).toContain('NVDA');
    expect(await target().mailsTo(quiet.email)).toEqual([]);

    expect(both.unread).toBe(2);
    expect((await api('POST', `/api/notifications/${first.id}/read`, { token: mailed.token })).status).toBe(204);
    expect((await api('GET', '/api/notifications', { token: mailed.token })).body.unread).toBe(1);
    expect((await api('POST', '/api/notifications/read-all', { token: mailed.token })).status).toBe(204);
    const read = await api('GET', '/api/notifications', { token: mailed.token });
    expect(read.body).toMatchObject({ unread: 0, total: 2 });
    expect(read.body.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it("carries the last report's call, fair value and buy/sell prices on the watchlist item", async () => {
    const { token } = await member();
    await api('POST', '/api/watchlist', { token, body: { symbol: 'KO' } });
    const started = await api('POST', '/api/analysis/analyze/KO', { token, body: {} });
    expect(started.status).toBe(202);
    const done = await waitFor(
      'the analysis',
      async () => {
        const res = await api('GET', `/api/analysis/${started.body.analysisId}?t=${Date.now()}`, { token });
        return res.body.status !== 'processing' && res.body;
      },
      60_000,
    );
    expect(done.status).toBe('completed');
    const valuation = done.results.valuation;

    const [item] = (await api('GET', '/api/watchlist', { token })).body.items;
    expect(item.report).toMatchObject({
      analysisId: started.body.analysisId,
      recommendation: valuation.recommendation,
      fairValue: valuation.fairValue,
      range: valuation.range ?? null,
    });
    if (valuation.recommendation === 'unrated') {
      expect(item.report).toMatchObject({ buyBelow: null, sellAbove: null });
    } else {
      expect(item.report.buyBelow).toBeLessThan(valuation.fairValue);
      expect(item.report.sellAbove).toBeGreaterThan(valuation.fairValue);
      // The same prices the report's own summary states.
      expect(done.results.summary).toContain(money(item.report.buyBelow, valuation.currency));
      expect(done.results.summary).toContain(money(item.report.sellAbove, valuation.currency));
    }
  });
}

/**
 * An alert true at creation fires exactly once through `disrupt` (a restart, a second process
 * evaluating beside the first), which returns the gateway's URL afterwards. A second alert added
 * after it firing proves rounds ran after the disruption; the first never fired again.
 */
export async function expectOneFiringAcross(base: string, disrupt: () => Promise<string>): Promise<void> {
  const before = apiClient(base);
  const { token } = await registerUser(base);
  await before('POST', '/api/watchlist', { token, body: { symbol: 'MSFT' } });
  const price = (await before('GET', '/api/watchlist', { token })).body.items[0].lastPrice as number;
  expect((await before('POST', '/api/watchlist/MSFT/alerts', { token, body: { kind: 'price_above', price: price / 2 } })).status).toBe(201);
  const total = (api: ReturnType<typeof apiClient>, count: number) =>
    waitFor(
      `${count} notification(s)`,
      async () => {
        const res = await api('GET', '/api/notifications?limit=100', { token });
        return res.body.total >= count && res.body;
      },
      60_000,
    );
  await total(before, 1);

  const after = apiClient(await disrupt());
  expect((await after('POST', '/api/watchlist/MSFT/alerts', { token, body: { kind: 'price_below', price: price * 2 } })).status).toBe(201);
  const both = await total(after, 2);
  expect(both.notifications.map((n: { kind: string }) => n.kind).sort()).toEqual(['price_above', 'price_below']);
}
