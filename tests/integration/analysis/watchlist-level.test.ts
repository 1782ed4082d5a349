import { WATCHLIST_LIMITS } from '@stockai/contracts';
import { waitFor } from '@stockai/platform/src/testing';
import { type AnalysisStack, apiClient, registerUser, startAnalysisStack } from './analysis-stack';

jest.setTimeout(120_000);

/**
 * The watchlist's limit follows the level billing holds: announced by `membership.changed`, or,
 * for a member analysis has heard no level of (a paid member from before the watchlist), asked
 * of billing once with the member's token and kept. Auth, billing and analysis behind the
 * gateway on the real PostgreSQL, RabbitMQ and Redis; the level bought with the demo card.
 */
describe("the watchlist's limit and the member's level", () => {
  let stack: AnalysisStack;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    stack = await startAnalysisStack({ inProcessWorkers: 0 });
    api = apiClient(stack.gatewayUrl);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const keptLevel = async (userId: string) =>
    (await stack.analysisDb.query<{ level: string }>('SELECT level FROM member_levels WHERE user_id = $1', [userId])).rows[0]?.level;

  it('gives a free member the free limit and keeps what billing said', async () => {
    const { token, userId } = await registerUser(stack.gatewayUrl);
    expect((await api('GET', '/api/watchlist', { token })).body.limit).toBe(WATCHLIST_LIMITS.free);
    expect(await keptLevel(userId)).toBe('free');
  });

  it('follows a subscription to vip, and asks billing for the level of a member it has heard none of', async () => {
    const { token, userId } = await registerUser(stack.gatewayUrl);
    const subscribed = await api('POST', '/api/subscriptions/subscribe', {
      token,
      body: { planId: 'vip', billingCycle: 'monthly', autoRenewal: false, paymentMethodId: '4242 4242 4242 4242' },
    });
    expect(subscribed.status).toBe(200);
    await waitFor('analysis to hear of the vip level', async () => (await keptLevel(userId)) === 'vip', 30_000);
    expect((await api('GET', '/api/watchlist', { token })).body.limit).toBe(WATCHLIST_LIMITS.vip);

    // As if the level had been set before analysis listened: nothing kept.
    await stack.analysisDb.query('DELETE FROM member_levels WHERE user_id = $1', [userId]);
    expect((await api('GET', '/api/watchlist', { token })).body.limit).toBe(WATCHLIST_LIMITS.vip);
    expect(await keptLevel(userId)).toBe('vip');
  });
});
