import { createLogger, signAccessToken } from '@stockai/platform';
import { startTestService, type TestService } from '@stockai/platform/src/testing';
import { aiRequestsRepo } from '../../../services/analysis/src/ai-results/repo';
import { createAnalyst } from '../../../services/analysis/src/analyst';
import { DEFAULT_ANALYSIS_OPTIONS, analysisService } from '../../../services/analysis/src/app';
import { industrialsMedians, steadyCompany } from '../../../services/analysis/src/report/fixtures';
import { assessBusiness, valuationModels } from '../../../services/analysis/src/report';
import { type LlmStandIn, startLlmStandIn } from '../../support/llm-stand-in';

/**
 * The AI results and prompts of the admin area, as internal routes of the analysis service
 * on real PostgreSQL (the admin service forwards the admin's token to them). The service is
 * configured for Perplexity; the AI requests listed are made by the AI analyst against a
 * local OpenAI-compatible stand-in and logged into the service's database.
 */
const analysis = analysisService({
  ...DEFAULT_ANALYSIS_OPTIONS,
  workers: 0,
  llm: { apiKey: 'test-key', baseUrl: 'https://api.perplexity.ai', model: 'sonar', timeoutMs: 1000 },
});

describe('analysis service: AI results and prompts for admins', () => {
  let service: TestService;
  let standIn: LlmStandIn;
  let adminToken: string;
  let userToken: string;
  const adminId = crypto.randomUUID();

  const call = async (method: string, url: string, token: string | null = adminToken, body?: unknown) => {
    const res = await fetch(`${service.url}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A JSON body whose shape each test asserts; typed loosely so the assertions read plainly.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  const record = (overrides: Partial<Parameters<typeof aiRequestsRepo.insert>[1]> = {}) => ({
    id: crypto.randomUUID(),
    analysisId: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    symbol: 'AAPL',
    market: 'US',
    currency: 'USD',
    purpose: 'business' as const,
    model: 'sonar',
    prompt: '數據',
    response: '回應'.repeat(150),
    error: null,
    tokenUsage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
    fullConversation: [{ role: 'user' as const, content: '數據' }],
    durationMs: 5,
    ...overrides,
  });

  /** The business part of a report of STDY, written by the AI analyst (the stand-in), which logs its exchange. */
  const assessWithTheAiAnalyst = async (analysisId: string) => {
    const analyst = createAnalyst({
      apiKey: 'k',
      baseUrl: standIn.url,
      model: 'sonar',
      maxRetries: 0,
      db: service.db,
      logger: createLogger('analysis', 'silent'),
    });
    const input = { data: steadyCompany(), medians: industrialsMedians, investorType: null };
    await assessBusiness(input, valuationModels(input), analyst, { analysisId, userId: adminId, symbol: 'STDY' });
  };

  beforeAll(async () => {
    [service, standIn] = await Promise.all([startTestService(analysis), startLlmStandIn()]);
    adminToken = signAccessToken(service.keys.privateKey, { id: adminId, role: 'admin' }, 3600).token;
    userToken = signAccessToken(service.keys.privateKey, { id: crypto.randomUUID(), role: 'user' }, 3600).token;
  });
  afterAll(async () => {
    await standIn?.close();
    await service?.close();
  });

  it('answers 401 without a token and 403 to a non-admin on every route', async () => {
    const id = crypto.randomUUID();
    const routes: [string, string][] = [
      ['GET', '/internal/admin/ai-results'],
      ['GET', `/internal/admin/ai-results/${id}`],
      ['DELETE', `/internal/admin/ai-results/${id}`],
      ['GET', '/internal/admin/ai-stats'],
      ['GET', '/internal/admin/ai-diagnostic'],
      ['POST', '/internal/admin/ai-test-save'],
      ['GET', '/internal/admin/prompts'],
      ['GET', '/internal/admin/prompts/business-analysis/versions'],
      ['PUT', '/internal/admin/prompts/business-analysis'],
    ];
    for (const [method, url] of routes) {
      expect([method, url, (await call(method, url, null)).status]).toEqual([method, url, 401]);
      const denied = await call(method, url, userToken);
      expect([method, url, denied.status, denied.body.error]).toEqual([method, url, 403, 'Admin access required']);
    }
  });

  it('lists what the AI analyst logged, 20 a page, newest first, with a response preview', async () => {
    const analysisId = crypto.randomUUID();
    await assessWithTheAiAnalyst(analysisId);
    for (let i = 0; i < 21; i++) await aiRequestsRepo.insert(service.db, record({ symbol: i % 2 ? 'AAPL' : '0700.HK' }));
    // Older than the analyst's request, which must come first.
    await service.db.query("UPDATE ai_requests SET request_date = now() - interval '1 hour' WHERE analysis_id <> $1", [analysisId]);

    const first = await call('GET', '/internal/admin/ai-results');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, totalPages: 2, totalCount: 22 });
    expect(first.body.results).toHaveLength(20);
    const newest = first.body.results[0];
    expect(newest).toMatchObject({
      analysis_id: analysisId,
      symbol: 'STDY',
      market: 'US',
      currency: 'USD',
      model: 'sonar',
      purpose: 'business',
    });
    expect(newest.token_usage.total_tokens).toBeGreaterThan(0);
    expect(newest).not.toHaveProperty('full_conversation');
    expect(first.body.results[1].response_preview).toHaveLength(200);

    const second = await call('GET', '/internal/admin/ai-results?page=2&limit=20');
    expect(second.body.results).toHaveLength(2);
    expect((await call('GET', '/internal/admin/ai-results?page=0')).status).toBe(400);
    expect((await call('GET', '/internal/admin/ai-results?limit=abc')).body.error).toMatch(/^limit:/);
  });

  it('shows one result whole, and deletes it', async () => {
    const r = record({ symbol: 'MSFT' });
    await aiRequestsRepo.insert(service.db, r);
    const detail = await call('GET', `/internal/admin/ai-results/${r.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.result).toMatchObject({
      id: r.id,
      symbol: 'MSFT',
      prompt: '數據',
      response: r.response,
      token_usage: r.tokenUsage,
      full_conversation: r.fullConversation,
    });

    expect(await call('DELETE', `/internal/admin/ai-results/${r.id}`)).toEqual({
      status: 200,
      body: { success: true, message: 'AI result deleted' },
    });
    expect((await call('GET', `/internal/admin/ai-results/${r.id}`)).status).toBe(404);
    expect((await call('DELETE', `/internal/admin/ai-results/${r.id}`)).body).toEqual({
      error: 'AI result not found',
      code: 'AI_RESULT_NOT_FOUND',
    });
    const bad = await call('GET', '/internal/admin/ai-results/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('id: must be an AI result id (a UUID)');
  });

  it('counts requests, symbols and users, and the last 7 days day by day', async () => {
    const before = (await call('GET', '/internal/admin/ai-stats')).body;
    const user = crypto.randomUUID();
    await aiRequestsRepo.insert(service.db, record({ symbol: 'NEW1', userId: user }));
    await aiRequestsRepo.insert(service.db, record({ symbol: 'NEW1', userId: user }));
    const old = record({ symbol: 'OLD1' });
    await aiRequestsRepo.insert(service.db, old);
    await service.db.query("UPDATE ai_requests SET request_date = now() - interval '8 days' WHERE id = $1", [old.id]);

    const { status, body } = await call('GET', '/internal/admin/ai-stats');
    expect(status).toBe(200);
    expect(body.total).toEqual({
      total_requests: before.total.total_requests + 3,
      unique_symbols: before.total.unique_symbols + 2,
      unique_users: before.total.unique_users + 2,
    });
    expect(body.daily).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.daily[0].date).toBe(today);
    const todays = (
      await service.db.query<{ n: string }>(
        "SELECT count(*) AS n FROM ai_requests WHERE request_date >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'",
      )
    ).rows[0]?.n;
    expect(body.daily[0].daily_count).toBe(Number(todays));
    const inWeek = body.daily.reduce((s: number, d: { daily_count: number }) => s + d.daily_count, 0);
    expect(inWeek).toBe(body.total.total_requests - 1); // all but the 8-day-old one
  });

  it('diagnoses the store and proves it with a test save that leaves nothing behind', async () => {
    const count = Number((await service.db.query<{ n: string }>('SELECT count(*) AS n FROM ai_requests')).rows[0]?.n);
    const diagnostic = await call('GET', '/internal/admin/ai-diagnostic');
    expect(diagnostic.status).toBe(200);
    expect(diagnostic.body).toMatchObject({ reachable: true, exists: true, recordsTotal: count });
    expect(diagnostic.body.database).toMatch(/^postgresql:.+\/ai_requests$/);
    expect(diagnostic.body.size).toBeGreaterThan(0);

    const saved = await call('POST', '/internal/admin/ai-test-save');
    expect(saved.status).toBe(200);
    expect(saved.body.verification).toBe('SUCCESS');
    expect((await call('GET', `/internal/admin/ai-results/${saved.body.recordId}`)).status).toBe(404);
    expect((await call('GET', '/internal/admin/ai-diagnostic')).body.recordsTotal).toBe(count);
  });

  it('shows the models and system prompts, and keeps the previous version on edit', async () => {
    const { status, body } = await call('GET', '/internal/admin/prompts');
    expect(status).toBe(200);
    expect(body.models.current).toBe('sonar');
    expect(body.models.available).toEqual(expect.arrayContaining(['sonar', 'sonar-pro']));
    expect(body.systemPrompts.map((p: { id: string }) => p.id)).toEqual(['business-analysis', 'report-summary']);
    const original = body.systemPrompts[0];
    expect(original).toMatchObject({ name: 'Business analysis', version: 1 });
    expect(original.template).toContain('繁體中文');
    expect(typeof original.description).toBe('string');

    const template = '你是一位審慎的分析師，請以繁體中文分析 {{companyName}}（{{symbol}}），只回覆 JSON 物件。';
    const edited = await call('PUT', '/internal/admin/prompts/business-analysis', adminToken, { template });
    expect(edited.status).toBe(200);
    expect(edited.body.prompt).toMatchObject({ id: 'business-analysis', template, version: 2, updatedBy: adminId });
    expect(edited.body.previousVersion).toEqual({ version: 1, template: original.template });

    const versions = await call('GET', '/internal/admin/prompts/business-analysis/versions');
    expect(versions.body.previousVersions).toEqual([
      expect.objectContaining({ version: 1, template: original.template, replacedBy: adminId }),
    ]);
    expect((await call('GET', '/internal/admin/prompts')).body.systemPrompts[0].template).toBe(template);

    // The next report's exchange is sent the edited prompt at once: the copy of the prompts this
    // process keeps (read by the first test's report) is dropped by the edit.
    const analysisId = crypto.randomUUID();
    await assessWithTheAiAnalyst(analysisId);
    const { rows } = await service.db.query<{ full_conversation: Array<{ role: string; content: string }> }>(
      'SELECT full_conversation FROM ai_requests WHERE analysis_id = $1',
      [analysisId],
    );
    expect(rows[0]?.full_conversation[0]?.content).toMatch(/^你是一位審慎的分析師，請以繁體中文分析 .+（STDY），只回覆 JSON 物件。$/);

    const short = await call('PUT', '/internal/admin/prompts/business-analysis', adminToken, { template: 'too short' });
    expect(short).toEqual({ status: 400, body: { error: 'template: must be at least 20 characters', code: 'VALIDATION_FAILED' } });
    expect((await call('PUT', '/internal/admin/prompts/no-such-prompt', adminToken, { template })).status).toBe(404);
  });

  it('tells each of two concurrent edits the version it replaced', async () => {
    // Rounds of two edits at once: reading the history after the update could name the other edit's version.
    for (let round = 0; round < 8; round++) {
      const before = (await call('GET', '/internal/admin/prompts')).body.systemPrompts[1];
      const edits = [1, 2].map((n) => `第 ${round} 輪第 ${n} 位管理員的摘要提示：請以繁體中文撰寫總結。`);
      const answers = await Promise.all(
        edits.map((template) => call('PUT', '/internal/admin/prompts/report-summary', adminToken, { template })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      // One replaced the version before, the other replaced that one: each names its own predecessor.
      const [first, second] = [...answers].sort((a, b) => a.body.prompt.version - b.body.prompt.version);
      expect([first?.body.prompt.version, second?.body.prompt.version]).toEqual([before.version + 1, before.version + 2]);
      expect(first?.body.previousVersion).toEqual({ version: before.version, template: before.template });
      expect(second?.body.previousVersion).toEqual({ version: before.version + 1, template: first?.body.prompt.template });
    }
  });
});
