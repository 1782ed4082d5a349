import path from 'node:path';
import { createLogger, migrate, PLATFORM_MIGRATIONS_DIR } from '@stockai/platform';
import { createTestDatabase, type TestDatabase, waitFor } from '@stockai/platform/src/testing';
import { type LlmStandIn, startLlmStandIn } from '../../../../tests/support/llm-stand-in';
import type { AiRequestRow } from '../ai-results/repo';
import { systemPromptsRepo } from '../prompts/repo';
import { assessBusiness } from '../report/business';
import { industrialsMedians, steadyCompany } from '../report/fixtures';
import { financialMetrics } from '../report/metrics';
import type { ReportInput } from '../report/types';
import { adviseInvestors, basicInfo, mergeReport, valuationModels } from '../report';
import { builtInBusinessNarrative } from './built-in-business';
import { builtInSummary } from './built-in';
import { createAnalyst } from './index';

const input: ReportInput = { data: steadyCompany(), medians: industrialsMedians, investorType: 'stable' };
const valuation = valuationModels(input);
const aiNarrative = {
  primaryBusiness: 'AI：穩定工業主要生產工業機械。[1]',
  competitiveAdvantage: 'AI：品牌及服務網絡帶來優勢。',
  marketPosition: 'AI：行業前列。',
  growthProspects: 'AI：自動化需求帶動增長。',
  financialHealth: 'AI：淨負債 USD 60 億，負債低。',
  managementQuality: 'AI：資本配置審慎。',
};

/** The AI analyst with the real openai SDK against a local OpenAI-compatible stand-in, logging to real PostgreSQL. */
describe('the AI analyst', () => {
  let standIn: LlmStandIn;
  let test: TestDatabase;
  let n = 0;
  const ctx = () => ({ analysisId: crypto.randomUUID(), userId: crypto.randomUUID(), symbol: 'STDY', n: ++n });
  const logged = async (analysisId: string) =>
    (await test.db.query<AiRequestRow>('SELECT * FROM ai_requests WHERE analysis_id = $1 ORDER BY request_date', [analysisId])).rows;
  const analyst = (
    options: { timeoutMs?: number; maxRetries?: number; reportBudgetMs?: number; breakerThreshold?: number; answersKeptMs?: number } = {},
  ) =>
    createAnalyst({
      apiKey: 'test-key',
      baseUrl: standIn.url,
      model: 'sonar',
      maxRetries: 0,
      db: test.db,
      logger: createLogger('analysis', 'silent'),
      ...options,
    });

  beforeAll(async () => {
    standIn = await startLlmStandIn();
    test = await createTestDatabase();
    await migrate(test.db, PLATFORM_MIGRATIONS_DIR);
    await migrate(test.db, path.join(__dirname, '..', '..', 'migrations'));
  });
  afterAll(async () => {
    await standIn?.close();
    await test?.drop();
  });
  beforeEach(() => {
    standIn.citeWith(null);
    standIn.setMode({ kind: 'answer' });
    standIn.answerWith(() => '```json\n' + JSON.stringify(aiNarrative) + '\n```');
  });

  it("keeps Perplexity's sources, and replaces a sentence whose figures are not the report's by the built-in one", async () => {
    standIn.citeWith({
      citations: ['https://www.reuters.com/markets/steady'],
      search_results: [{ title: 'Steady Industries results', url: 'https://www.reuters.com/markets/steady', date: '2026-11-01' }],
    });
    const sut = analyst();
    const c = ctx();
    const business = await assessBusiness(input, valuation, sut, c);
    const suggestions = adviseInvestors(input, valuation, business);
    const fair = valuation.fairValue as number;
    standIn.answerWith(() => `穩定工業的合理價值約 USD ${fair}。公司明年盈利將增長 37.5%。業務穩健。`);
    const report = await mergeReport(input, { basic: basicInfo(input.data), valuation, business, suggestions }, sut, c);
    const own = builtInSummary({ data: input.data, basic: basicInfo(input.data), valuation, business, suggestions });
    const [, second] = own.match(/[^。！？]+[。！？]?/g) ?? [];
    // the first sentence quotes the report's fair value and stays; the invented 37.5 % is replaced by the built-in second sentence
    expect(report.summary).toBe(`穩定工業的合理價值約 USD ${fair}。${second}業務穩健。`);
    expect(report.sources).toEqual([
      {
        title: 'Steady Industries results',
        url: 'https://www.reuters.com/markets/steady',
        site: 'www.reuters.com',
        date: '2026-11-01',
        usedIn: 'business',
      },
      {
        title: 'Steady Industries results',
        url: 'https://www.reuters.com/markets/steady',
        site: 'www.reuters.com',
        date: '2026-11-01',
        usedIn: 'summary',
      },
    ]);
    // a business field with a figure of its own making is the built-in field
    standIn.answerWith(() => JSON.stringify({ ...aiNarrative, financialHealth: 'AI：淨負債 USD 95 億。' }));
    const checked = await assessBusiness(input, valuation, sut, ctx());
    expect(checked.financialHealth).toBe(
      builtInBusinessNarrative({ data: input.data, metrics: financialMetrics(input.data), valuation, score: checked.score })
        .financialHealth,
    );
    expect(checked.competitiveAdvantage).toBe(aiNarrative.competitiveAdvantage);
  });

  it('writes the business text with the model and logs the request with its token usage', async () => {
    const c = ctx();
    const sut = analyst();
    const business = await assessBusiness(input, valuation, sut, c);

    expect(business.writtenBy).toBe('ai');
    expect(business.primaryBusiness).toBe('AI：穩定工業主要生產工業機械。'); // citation marker dropped
    expect(business.score).toBeGreaterThan(0); // always computed, never the model's
    const request = standIn.requests.at(-1);
    expect(request?.authorization).toBe('Bearer test-key');
    expect(request?.model).toBe('sonar');
    expect(request?.messages[0]?.content).toContain('穩定工業（STDY，US 市場，貨幣 USD）'); // the seeded prompt, rendered
    expect(request?.messages[1]?.content).toContain('"roePercent": 25');

    const [row] = await logged(c.analysisId);
    expect(row).toMatchObject({
      user_id: c.userId,
      symbol: 'STDY',
      market: 'US',
      currency: 'USD',
      purpose: 'business',
      model: 'sonar',
      error: null,
    });
    expect(row?.prompt).toBe(request?.messages[1]?.content);
    expect(row?.response).toContain('AI：品牌及服務網絡帶來優勢。');
    const promptChars = (request?.messages ?? []).reduce((s, m) => s + m.content.length, 0);
    const answerChars = (row?.response ?? '').length;
    expect(row?.token_usage).toEqual({
      prompt_tokens: promptChars,
      completion_tokens: answerChars,
      total_tokens: promptChars + answerChars,
    });
    expect(row?.full_conversation.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
  });

  it('writes the summary with the model, logged as a summary request', async () => {
    const c = ctx();
    standIn.answerWith(() => '穩定工業估值合理，適合穩健型投資者長線持有。[2][3]');
    const sut = analyst();
    const business = await assessBusiness(input, valuation, sut, c);
    const report = await mergeReport(
      input,
      { basic: basicInfo(input.data), valuation, business, suggestions: adviseInvestors(input, valuation, business) },
      sut,
      c,
    );
    expect(report.summary).toBe('穩定工業估值合理，適合穩健型投資者長線持有。');
    expect(report.notes.at(-1)).toContain('總結由 AI 模型（sonar）');
    expect((await logged(c.analysisId)).map((r) => r.purpose)).toEqual(['business', 'summary']);
  });

  it('tells the model a reader whose type should hold none of the stock to hold none, and replaces a sentence telling them to hold it (ADR 0054)', async () => {
    // The fixture made risky (high beta, heavy debt): beyond a conservative investor's risk budget.
    const risky: ReportInput = {
      data: steadyCompany({ beta: 1.9, totalDebt: 50e9, price: 60, marketCap: 60e9, peRatio: 12 }),
      medians: industrialsMedians,
      investorType: 'conservative',
    };
    const riskyValuation = valuationModels(risky);
    const c = ctx();
    let facts = '';
    standIn.answerWith((request) => {
      facts = String(request.messages.at(-1)?.content ?? '');
      return '穩定工業估值偏低。此股適合保守型投資者長線持有。';
    });
    const sut = analyst();
    const business = await assessBusiness(risky, riskyValuation, sut, c);
    const suggestions = adviseInvestors(risky, riskyValuation, business);
    expect(suggestions.byInvestorType[0]).toMatchObject({ investorType: 'conservative', action: 'avoid', positionSizePercent: 0 });
    const report = await mergeReport(risky, { basic: basicInfo(risky.data), valuation: riskyValuation, business, suggestions }, sut, c);
    expect(facts).toContain('"actionCode": "avoid"');
    expect(facts).toContain('"action": "不建議持有"');
    expect(report.summary).toBe('穩定工業估值偏低。對保守型投資者，此股「不建議持有」，如已持有宜逐步減持至零。');
  });

  it('keeps the built-in summary when the model answers the summary in JSON', async () => {
    const c = ctx();
    const sut = analyst();
    const business = await assessBusiness(input, valuation, sut, c);
    const report = await mergeReport(
      input,
      { basic: basicInfo(input.data), valuation, business, suggestions: adviseInvestors(input, valuation, business) },
      sut,
      c,
    );
    expect(report.summary).toContain('截至 2026-11-20'); // the built-in summary
    expect(report.notes.at(-1)).toBe('業務分析由 AI 模型（sonar）根據系統計算的數據撰寫；所有數字均由系統計算。');
  });

  it('retries a failed attempt and uses the answer that follows', async () => {
    const c = ctx();
    const before = standIn.requests.length;
    standIn.next(1, { kind: 'fail', status: 503 });
    const business = await assessBusiness(input, valuation, analyst({ maxRetries: 1 }), c);
    expect(standIn.requests.length - before).toBe(2);
    expect(business.writtenBy).toBe('ai');
  });

  it('falls back to the built-in text when the provider answers 500, and logs the failure', async () => {
    const c = ctx();
    standIn.setMode({ kind: 'fail', status: 500 });
    const business = await assessBusiness(input, valuation, analyst(), c);
    expect(business.writtenBy).toBe('built-in');
    const builtIn = builtInBusinessNarrative({ data: input.data, metrics: financialMetrics(input.data), valuation, score: business.score });
    expect(business.financialHealth).toBe(builtIn.financialHealth);
    const [row] = await logged(c.analysisId);
    expect(row).toMatchObject({ response: null, token_usage: null });
    expect(row?.error).toMatch(/500/);
  });

  it('falls back to the built-in text when the provider does not answer in time', async () => {
    const c = ctx();
    standIn.setMode({ kind: 'hang' });
    const business = await assessBusiness(input, valuation, analyst({ timeoutMs: 300 }), c);
    expect(business.writtenBy).toBe('built-in');
    // The SDK says "Request timed out." (under jest's VM, whose AbortError is another realm's, "Connection error.").
    expect((await logged(c.analysisId))[0]?.error).toMatch(/timed out|connection error/i);
  });

  it('does not wait out a long Retry-After: one retry within the budget, then the built-in text', async () => {
    // The SDK alone would sleep the 20 s the provider asks for (past this test's 5 s limit); the retry waits at most 1 s.
    const c = ctx();
    const before = standIn.requests.length;
    standIn.setMode({ kind: 'fail', status: 429, retryAfterSeconds: 20 });
    const business = await assessBusiness(input, valuation, analyst({ timeoutMs: 2000, maxRetries: 1 }), c);
    expect(business.writtenBy).toBe('built-in');
    expect(standIn.requests.length - before).toBe(2);
    expect((await logged(c.analysisId))[0]?.error).toMatch(/429/);
  });

  it("bounds a whole report's AI time: once the budget is spent, the next part is not even asked", async () => {
    const c = ctx();
    const before = standIn.requests.length;
    standIn.setMode({ kind: 'hang' });
    // Attempts of 300 ms in a 500 ms budget: the business part's attempt uses 300, leaving too little to retry or to ask for the summary.
    const sut = analyst({ timeoutMs: 300, maxRetries: 1, reportBudgetMs: 500 });
    const business = await assessBusiness(input, valuation, sut, c);
    const report = await mergeReport(
      input,
      { basic: basicInfo(input.data), valuation, business, suggestions: adviseInvestors(input, valuation, business) },
      sut,
      c,
    );
    expect(business.writtenBy).toBe('built-in');
    expect(report.summary).toContain('截至 2026-11-20'); // the built-in summary
    expect(standIn.requests.length - before).toBe(1);
    expect((await logged(c.analysisId)).map((r) => [r.purpose, r.error])).toEqual([['business', 'Request timed out after 300 ms']]);
  });

  it('falls back when the answer is not the JSON asked for', async () => {
    standIn.answerWith(() => '抱歉，我無法回答。');
    const business = await assessBusiness(input, valuation, analyst(), ctx());
    expect(business.writtenBy).toBe('built-in');
  });

  it('opens the circuit after 3 failures in a row and stops calling the provider', async () => {
    standIn.setMode({ kind: 'fail', status: 500 });
    const sut = analyst({ breakerThreshold: 3 });
    const before = standIn.requests.length;
    for (let i = 0; i < 3; i++) await assessBusiness(input, valuation, sut, ctx());
    expect(standIn.requests.length - before).toBe(3);

    standIn.setMode({ kind: 'answer' });
    const c = ctx();
    const business = await assessBusiness(input, valuation, sut, c);
    expect(business.writtenBy).toBe('built-in');
    expect(standIn.requests.length - before).toBe(3); // not called while open
    expect(await logged(c.analysisId)).toEqual([]);
  });

  describe('identical requests (answers kept for the result cache TTL)', () => {
    const HOUR = 3_600_000;
    const businessRequests = () => standIn.requests.filter((r) => r.messages[1]?.content.includes('"roePercent"')).length;

    it('are answered once: a later analysis of the same figures reuses the words, and only the request sent is logged', async () => {
      const sut = analyst({ answersKeptMs: HOUR });
      const [first, second] = [ctx(), ctx()];
      const before = businessRequests();
      const a = await assessBusiness(input, valuation, sut, first);
      const b = await assessBusiness(input, valuation, sut, second);
      expect(businessRequests() - before).toBe(1);
      expect(b).toEqual(a);
      expect(b.writtenBy).toBe('ai');
      expect((await logged(first.analysisId)).map((r) => r.purpose)).toEqual(['business']);
      expect(await logged(second.analysisId)).toEqual([]);
    });

    it('share one request while it is on its way', async () => {
      const sut = analyst({ answersKeptMs: HOUR });
      const before = businessRequests();
      standIn.hold();
      const first = assessBusiness(input, valuation, sut, ctx());
      await standIn.waitHeld();
      const second = assessBusiness(input, valuation, sut, ctx());
      // The prompt is in memory after the first call: the second reaches the shared answer in the
      // microtasks that run before this turn of the event loop ends, while the first is held.
      await new Promise((resolve) => setImmediate(resolve));
      standIn.release();
      const [a, b] = await Promise.all([first, second]);
      expect(businessRequests() - before).toBe(1);
      expect([a.writtenBy, b.primaryBusiness]).toEqual(['ai', a.primaryBusiness]);
    });

    it('are not waited for when the request on its way has less time than the report needs: it sends its own', async () => {
      const sut = analyst({ answersKeptMs: HOUR, timeoutMs: 1000, reportBudgetMs: 1500 });
      const first = ctx();
      const other = { ...input, data: { ...input.data, price: (input.data.price as number) * 1.3 } };
      await assessBusiness(other, valuationModels(other), sut, first); // the first report's budget starts
      const started = Date.now();
      await waitFor('the first report to have spent 700 ms of its 1.5 s', () => Date.now() > started + 700);
      const before = businessRequests();
      standIn.hold();
      const short = assessBusiness(input, valuation, sut, first); // under 800 ms left: less than one attempt
      await standIn.waitHeld();
      const full = assessBusiness(input, valuation, sut, ctx());
      await new Promise((resolve) => setImmediate(resolve)); // it has decided, while the first is held
      standIn.release();
      expect((await full).writtenBy).toBe('ai');
      await short;
      expect(businessRequests() - before).toBe(2); // the stand-in counts held requests once answered
    });

    it('go out again when the figures differ, when the answer failed or could not be used, and when nothing is kept', async () => {
      const sut = analyst({ answersKeptMs: HOUR });
      let before = businessRequests();
      await assessBusiness(input, valuation, sut, ctx());
      const other = { ...input, data: { ...input.data, price: (input.data.price as number) * 1.1 } };
      await assessBusiness(other, valuationModels(other), sut, ctx());
      expect(businessRequests() - before).toBe(2);

      const withFigures = { ...input, data: { ...input.data, price: (input.data.price as number) * 1.2 } };
      const figuresValuation = valuationModels(withFigures);
      before = businessRequests();
      standIn.next(1, { kind: 'fail', status: 500 });
      expect((await assessBusiness(withFigures, figuresValuation, sut, ctx())).writtenBy).toBe('built-in');
      standIn.answerWith(() => '抱歉，我無法回答。');
      expect((await assessBusiness(withFigures, figuresValuation, sut, ctx())).writtenBy).toBe('built-in');
      standIn.answerWith(() => JSON.stringify(aiNarrative));
      expect((await assessBusiness(withFigures, figuresValuation, sut, ctx())).writtenBy).toBe('ai');
      expect(businessRequests() - before).toBe(3);

      const keepsNothing = analyst({ answersKeptMs: 0 });
      before = businessRequests();
      await assessBusiness(input, valuation, keepsNothing, ctx());
      await assessBusiness(input, valuation, keepsNothing, ctx());
      expect(businessRequests() - before).toBe(2);
    });

    it('go out again once the answer is older than the time it is kept', async () => {
      const sut = analyst({ answersKeptMs: 20 });
      const before = businessRequests();
      await assessBusiness(input, valuation, sut, ctx());
      const asked = Date.now();
      await waitFor('the answer to be older than 20 ms', () => Date.now() > asked + 20);
      await assessBusiness(input, valuation, sut, ctx());
      expect(businessRequests() - before).toBe(2);
    });
  });

  it('sends the system prompt as the admin last edited it', async () => {
    const template = '你是測試分析師，分析 {{symbol}}，只回覆 JSON 物件。';
    await systemPromptsRepo.update(test.db, 'business-analysis', { template }, crypto.randomUUID());
    await assessBusiness(input, valuation, analyst(), ctx());
    expect(standIn.requests.at(-1)?.messages[0]?.content).toBe('你是測試分析師，分析 STDY，只回覆 JSON 物件。');
  });
});
