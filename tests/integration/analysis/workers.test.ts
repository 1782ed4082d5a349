import { waitFor } from '@stockai/platform/src/testing';
import { FAILURE_TEXTS } from '../../../services/analysis/src/analyses/failure';
import { MAX_JOB_ATTEMPTS } from '../../../services/analysis/src/analyses/jobs';
import { type AnalysisStack, apiClient, registerUser, startAnalysisStack } from './analysis-stack';

jest.setTimeout(240_000);

/**
 * Analysis workers as separate processes (`worker.ts`) competing on the RabbitMQ queue
 * `analysis.jobs`, killed with SIGKILL while a stage runs (the AI stand-in holds its answer,
 * so the worker is caught mid-job): the job is redelivered and finished once; a job that keeps
 * killing its worker ends as failed and its credit is refunded once. A worker stopped with
 * SIGTERM (a rollout) finishes the job it holds before it exits.
 */
describe('analysis workers', () => {
  let stack: AnalysisStack;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    stack = await startAnalysisStack({ inProcessWorkers: 0, cacheTtlHours: 0 });
    api = apiClient(stack.gatewayUrl);
  });

  afterAll(async () => {
    stack?.ai.release();
    await stack?.close();
  });

  const analysisOf = async (id: string, token: string) => (await api('GET', `/api/analysis/${id}`, { token })).body;
  const credits = async (token: string) => (await api('GET', '/api/users/credits', { token })).body as { totalCredits: number };
  const eventsOf = (type: string, analysisId: string) =>
    stack.events.filter((e) => {
      const data = e.data as { analysisId?: string; reference?: string };
      return e.type === type && (data.analysisId === analysisId || data.reference === `analysis:${analysisId}`);
    });
  const attemptsOf = async (id: string) =>
    (await stack.analysisDb.query<{ attempts: number }>('SELECT attempts FROM analyses WHERE id = $1', [id])).rows[0]?.attempts;

  /** Starts a worker, waits until it is inside the business stage of the held job, and kills it. */
  async function killWorkerMidJob(id: string, token: string) {
    const worker = await stack.startWorker();
    await stack.ai.waitHeld();
    // The job's row shows the stage it reached within its progress write gap (250 ms).
    await waitFor('the valuation stage written', async () => (await analysisOf(id, token)).progress === 40);
    expect(await analysisOf(id, token)).toMatchObject({ status: 'processing', progress: 40 });
    await worker.kill();
    stack.ai.dropHeld();
  }

  it('finishes a job once when its worker is killed mid-job and another worker takes it over', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    stack.ai.hold();
    const started = await api('POST', '/api/analysis/analyze/AAPL', { token, body: { userProfile: { riskProfile: 'stable' } } });
    expect(started.status).toBe(202);
    const id = started.body.analysisId as string;

    await killWorkerMidJob(id, token);
    stack.ai.release();
    const survivor = await stack.startWorker();
    const report = await waitFor(
      'the analysis to complete',
      async () => {
        const a = await analysisOf(id, token);
        return a.status === 'completed' && a;
      },
      60_000,
    );
    expect(report).toMatchObject({
      progress: 100,
      error: null,
      results: expect.objectContaining({ suggestions: expect.objectContaining({ userType: 'stable' }) }),
    });
    expect(await attemptsOf(id)).toBe(2);

    await waitFor('the completion event', () => eventsOf('analysis.completed', id).length > 0);
    await survivor.stop();
    expect(eventsOf('analysis.completed', id)).toHaveLength(1);
    expect(eventsOf('analysis.failed', id)).toHaveLength(0);
    expect(eventsOf('credit.debited', id)).toHaveLength(1);
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });
  });

  it('lets a worker told to stop (SIGTERM) mid-job finish that job, once, before it exits 0', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    stack.ai.hold();
    const started = await api('POST', '/api/analysis/analyze/AAPL', { token, body: {} });
    expect(started.status).toBe(202);
    const id = started.body.analysisId as string;
    const worker = await stack.startWorker();
    await stack.ai.waitHeld();
    await waitFor('the valuation stage written', async () => (await analysisOf(id, token)).progress === 40);

    const exited = worker.stop();
    // Draining: the job it holds goes on; nothing has ended it yet.
    expect(await analysisOf(id, token)).toMatchObject({ status: 'processing' });
    stack.ai.release();
    expect(await exited).toBe(0);
    expect(await analysisOf(id, token)).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect(await attemptsOf(id)).toBe(1);
    await waitFor('the completion event', () => eventsOf('analysis.completed', id).length > 0);
    expect(eventsOf('analysis.completed', id)).toHaveLength(1);
    expect(eventsOf('credit.debited', id)).toHaveLength(1);
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });
  });

  it('fails a job that keeps killing its worker, with its error, and refunds its credit once', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    stack.ai.hold();
    const started = await api('POST', '/api/analysis/analyze/MSFT', { token, body: {} });
    const id = started.body.analysisId as string;
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });

    for (let run = 1; run <= MAX_JOB_ATTEMPTS; run++) await killWorkerMidJob(id, token);
    expect(await attemptsOf(id)).toBe(MAX_JOB_ATTEMPTS);

    const last = await stack.startWorker();
    const failed = await waitFor(
      'the analysis to fail',
      async () => {
        const a = await analysisOf(id, token);
        return a.status === 'failed' && a;
      },
      60_000,
    );
    expect(failed).toMatchObject({ progress: 40, message: '分析失敗，已退回 1 點信用額度', error: FAILURE_TEXTS.jobFailed });
    expect(failed.results).toBeUndefined();
    expect(failed.completedAt).not.toBeNull();

    await waitFor('the refund', async () => (await credits(token)).totalCredits === 3, 30_000);
    await waitFor('the refund event', () => eventsOf('credit.refunded', id).length > 0);
    await last.stop();
    expect(eventsOf('analysis.failed', id)).toHaveLength(1);
    expect(eventsOf('analysis.completed', id)).toHaveLength(0);
    expect(eventsOf('credit.refunded', id)).toHaveLength(1);
    expect(await credits(token)).toMatchObject({ totalCredits: 3 });
    expect((await api('GET', '/api/users/analysis-history?status=failed', { token })).body).toMatchObject({ total: 1 });
  });
});
