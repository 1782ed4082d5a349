import type { RiskProfileId } from '@stockai/contracts';
import { waitFor } from '@stockai/platform/src/testing';
import { answersScoringAs } from '../../support/risk-answers';
import { type AnalysisStack, apiClient, registerUser, startAnalysisStack } from './analysis-stack';

jest.setTimeout(120_000);

/**
 * The user's own investor type in a report started without a userProfile: auth announces the
 * type of a saved profile in `user.updated`, analysis keeps it, and a later start highlights it;
 * the wizard's preferences travel the same way and tailor the advice of that type.
 * Auth, billing and analysis (one in-process worker) behind the gateway, on the real
 * PostgreSQL, RabbitMQ and Redis.
 */
describe('the stored investor type in analyses', () => {
  let stack: AnalysisStack;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    stack = await startAnalysisStack({ inProcessWorkers: 1 });
    api = apiClient(stack.gatewayUrl);
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function saveProfile(token: string, userId: string, type: RiskProfileId) {
    const saved = await api('PUT', '/api/users/profile', { token, body: answersScoringAs(type) });
    expect(saved.status).toBe(200);
    expect(saved.body.profile.riskProfile).toBe(type);
    // Analysis hears of it through auth's outbox and the bus; wait for that rather than a while.
    await waitFor(
      `analysis to hear that the investor type is ${type}`,
      async () => {
        const { rows } = await stack.analysisDb.query<{ investor_type: string }>(
          'SELECT investor_type FROM investor_types WHERE user_id = $1',
          [userId],
        );
        return rows[0]?.investor_type === type;
      },
      30_000,
    );
  }

  async function reportOf(started: { status: number; body: { analysisId: string } }, token: string) {
    expect(started.status).toBe(202);
    return waitFor(
      'the analysis to finish',
      async () => {
        const res = await api('GET', `/api/analysis/${started.body.analysisId}?t=${Date.now()}`, { token });
        return res.body.status !== 'processing' && res.body;
      },
      30_000,
    );
  }

  const order = (report: { results: { suggestions: { byInvestorType: Array<{ investorType: string; highlighted: boolean }> } } }) =>
    report.results.suggestions.byInvestorType.map((s) => [s.investorType, s.highlighted]);

  it("highlights the saved profile's type when a start sends no userProfile, follows a change of it, and lets a sent userProfile win", async () => {
    const { token, userId } = await registerUser(stack.gatewayUrl);

    await saveProfile(token, userId, 'growth');
    const growth = await reportOf(await api('POST', '/api/analysis/analyze/AAPL', { token, body: {} }), token);
    expect(growth).toMatchObject({ status: 'completed', investorType: 'growth' });
    expect(growth.results.suggestions.userType).toBe('growth');
    expect(order(growth)).toEqual([
      ['growth', true],
      ['conservative', false],
      ['stable', false],
      ['aggressive', false],
    ]);

    await saveProfile(token, userId, 'conservative');
    const conservative = await reportOf(await api('POST', '/api/analyze-stocks', { token, body: { symbol: 'AAPL' } }), token);
    expect(conservative).toMatchObject({ status: 'completed', investorType: 'conservative' });
    expect(conservative.results.suggestions.userType).toBe('conservative');
    expect(order(conservative)).toEqual([
      ['conservative', true],
      ['stable', false],
      ['growth', false],
      ['aggressive', false],
    ]);

    const sent = await reportOf(
      await api('POST', '/api/analysis/analyze/AAPL', { token, body: { userProfile: { riskProfile: 'aggressive', riskScore: 20 } } }),
      token,
    );
    expect(sent).toMatchObject({ status: 'completed', investorType: 'aggressive' });
    expect(order(sent)[0]).toEqual(['aggressive', true]);
    expect(order(sent).filter(([, highlighted]) => highlighted)).toHaveLength(1);
  });

  it('highlights nothing for a user who never saved a profile', async () => {
    const { token } = await registerUser(stack.gatewayUrl);

    const report = await reportOf(await api('POST', '/api/analysis/analyze/MSFT', { token, body: {} }), token);

    expect(report).toMatchObject({ status: 'completed', investorType: null });
    expect(report.results.suggestions.userType).toBeNull();
    expect(order(report).some(([, highlighted]) => highlighted)).toBe(false);
  });

  it("tailors the advice of the user's own type to the saved wizard preferences, and to those a start sends", async () => {
    const { token, userId } = await registerUser(stack.gatewayUrl);
    const saved = await api('PUT', '/api/users/profile', {
      token,
      body: { ...answersScoringAs('growth'), term: 'long', goals: ['income', 'retirement'], sectors: ['finance', 'energy'] },
    });
    expect(saved.status).toBe(200);
    await waitFor(
      'analysis to hear of the preferences',
      async () => {
        const { rows } = await stack.analysisDb.query<{ preferences: { goals: string[] } }>(
          'SELECT preferences FROM investor_preferences WHERE user_id = $1',
          [userId],
        );
        return rows[0]?.preferences.goals.includes('retirement') === true;
      },
      30_000,
    );

    const report = await reportOf(await api('POST', '/api/analysis/analyze/AAPL', { token, body: {} }), token);
    expect(report).toMatchObject({ status: 'completed', investorType: 'growth' });
    const [own, ...others] = report.results.suggestions.byInvestorType as Array<{
      investorType: string;
      positionSizePercent: number;
      preferencesNote: string | null;
    }>;
    expect(own?.investorType).toBe('growth');
    // AAPL is a technology stock: outside finance and energy; its yield is the report's own figure.
    const dividendYield = (report.results.basic as { dividendYield: number | null }).dividendYield;
    expect(own?.preferencesNote).toContain('不在您偏好的行業（金融、能源）之內');
    expect(own?.preferencesNote).toContain(dividendYield ? `股息率 ${dividendYield}%` : '此股沒有派息');
    expect(own?.preferencesNote).toContain('您以退休規劃為目標');
    expect(others.every((a) => a.preferencesNote === null)).toBe(true);
    // The retirement goal keeps less than the growth type's advice without it (the same stock, same day).
    const plain = await reportOf(
      await api('POST', '/api/analysis/analyze/AAPL', {
        token,
        body: { userProfile: { riskProfile: 'growth', term: 'medium', sectors: ['tech'] } },
      }),
      token,
    );
    const plainOwn = plain.results.suggestions.byInvestorType[0] as { positionSizePercent: number; preferencesNote: string };
    expect(plainOwn.preferencesNote).toContain('在您偏好的行業（科技）之內');
    expect(plainOwn.preferencesNote).not.toContain('退休');
    expect(own!.positionSizePercent).toBeLessThan(plainOwn.positionSizePercent);
  });
});
