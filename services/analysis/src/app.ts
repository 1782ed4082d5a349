import path from 'node:path';
import type { ServiceContext, ServiceDefinition, ServiceParts } from '@stockai/platform';
import { analysisHistory } from './analyses/history';
import { DEFAULT_JOB_DEADLINE_MS, analysisJobSubscriptions, declareJobQueue } from './analyses/jobs';
import type { AnalysisEngine } from './analyses/engine';
import { streamProgress } from './analyses/progress-stream';
import { DEFAULT_PROGRESS_WRITE_MS, progressNotices } from './analyses/progress-notices';
import { type ProgressWatcher, progressWatcher } from './analyses/progress-watcher';
import { analysesRoutes } from './analyses/routes';
import { analysesService } from './analyses/service';
import { DEFAULT_SWEEP_OPTIONS, stuckAnalysisSweep } from './analyses/sweep';
import { recordBuiltInExchanges } from './ai-results/built-in-exchanges';
import { aiAdminRoutes } from './ai-results/routes';
import { createAnalyst } from './analyst';
import { createBillingClient } from './billing-client';
import { investorTypeSubscriptions } from './investor-types/consumers';
import type { AnalysisOptions } from './config';
import { createMarketDataProvider, createQuoteSource } from './market-data';
import { notificationsRoutes } from './notifications/routes';
import { notificationsService } from './notifications/service';
import { analysisApi } from './openapi';
import { promptRoutes } from './prompts/routes';
import { adviseInvestors, assessBusiness, basicInfo, mergeReport, valuationModels } from './report';
import { resultCacheRoutes } from './result-cache/routes';
import { resultCache } from './result-cache/service';
import { createUniverse, normaliseSymbol, stocksRoutes } from './universe';
import { memberSubscriptions } from './watchlist/consumers';
import { DEFAULT_ALERT_CHECK_SECONDS, alertEvaluation } from './watchlist/evaluation';
import { watchlistRoutes } from './watchlist/routes';
import { watchlistService } from './watchlist/service';

const MIGRATIONS_DIR = path.join(__dirname, '..', 'migrations');

export const DEFAULT_ANALYSIS_OPTIONS: AnalysisOptions = {
  billingUrl: 'http://127.0.0.1:3002',
  marketData: 'snapshot',
  cacheTtlHours: 6,
  workers: 1,
  startsPerMinute: 10,
};

export interface AnalysisServiceDefinition extends ServiceDefinition {
  /** The open progress streams of the built service and whether their watcher is polling (tests read it). */
  progressStreams(): { listeners: number; running: boolean };
}

/**
 * The analysis service: the stock universe, analyses (start, follow, history), the result
 * cache, the stuck-analysis sweep, the watchlist with its alerts' evaluation and notifications (ADR 0069), the users' investor types (from auth's `user.updated`) and, when `options.workers` > 0, that many in-process
 * analysis workers.
 */
export function analysisService(options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS): AnalysisServiceDefinition {
  let watcher: ProgressWatcher | undefined;
  return {
    name: 'analysis',
    api: analysisApi,
    migrationsDir: MIGRATIONS_DIR,
    progressStreams: () => ({ listeners: watcher?.listeners ?? 0, running: watcher?.running ?? false }),
    async build(ctx) {
      const core = await analysisCore(ctx, options);
      // Searches and starts read the universe's index: ready means it is built (workers need none).
      await core.universe.warm();
      // With the bundled snapshot a stock without bundled figures cannot be analysed; Yahoo may still have them.
      const requireFigures = options.marketData === 'snapshot';
      const billing = createBillingClient(options.billingUrl, options.billingTimeoutMs);
      const analyses = analysesService({
        db: ctx.db,
        billing,
        stocks: { normaliseSymbol, statusOf: (symbol) => core.universe.statusOf(symbol, { requireFigures }) },
        logger: ctx.logger,
        afterCommit: ctx.outbox.kick,
      });
      const progress = progressWatcher(ctx.db, ctx.logger, core.notices);
      watcher = progress;
      const sweep = stuckAnalysisSweep(
        { db: ctx.db, logger: ctx.logger, afterCommit: ctx.outbox.kick },
        { ...DEFAULT_SWEEP_OPTIONS, ...options.sweep },
      );
      sweep.start();
      const findStock = (symbol: string) => core.universe.find(symbol);
      // The API process evaluates the alerts (every replica: a crossing fires once whichever does).
      const alerts = alertEvaluation({ db: ctx.db, quotes: core.quotes, findStock, logger: ctx.logger, afterCommit: ctx.outbox.kick });
      alerts.start((options.alertCheckSeconds ?? DEFAULT_ALERT_CHECK_SECONDS) * 1000);
      const routesOptions = { cache: ctx.cache, startsPerMinute: options.startsPerMinute };
      return {
        routes: [
          stocksRoutes(core.universe, { requireFigures }),
          analysesRoutes(analyses, analysisHistory(ctx.db), streamProgress(progress), routesOptions),
          resultCacheRoutes(core.cache, normaliseSymbol),
          aiAdminRoutes(ctx.db, ctx.logger),
          promptRoutes(ctx.db, options.llm),
          watchlistRoutes(
            watchlistService({ db: ctx.db, findStock, quotes: core.quotes, levelFromBilling: billing.level, logger: ctx.logger }),
          ),
          notificationsRoutes(notificationsService(ctx.db)),
        ],
        // The API process, which starts analyses, keeps the users' investor types and levels; workers need not.
        subscriptions: [...core.workers, ...investorTypeSubscriptions(ctx.db, ctx.logger), ...memberSubscriptions(ctx.db, ctx.logger)],
        // Open event streams end first, so the HTTP server's close need not wait for them.
        drain: () => progress.close(),
        async close() {
          await Promise.all([sweep.stop(), alerts.stop()]);
        },
      };
    },
  };
}

/**
 * The analysis worker process (`worker.ts`, distributed shape): the same database and jobs,
 * no public routes (only /healthz and /readyz), `options.workers` jobs at a time.
 */
export function analysisWorker(options: AnalysisOptions): ServiceDefinition {
  return {
    name: 'analysis',
    migrationsDir: MIGRATIONS_DIR,
    async build(ctx): Promise<ServiceParts> {
      const core = await analysisCore(ctx, options);
      ctx.logger.info({ workers: options.workers }, 'analysis worker consuming analysis.jobs');
      return { routes: [], subscriptions: core.workers };
    },
  };
}

/** What the API process and the worker process share: the universe, the engine, the cache, the jobs. */
async function analysisCore(ctx: ServiceContext, options: AnalysisOptions) {
  const { db, logger } = ctx;
  const universe = createUniverse(db, { logger });
  await universe.ensureLoaded();
  const marketDataOptions = {
    source: options.marketData,
    db,
    logger,
    universe,
    cache: ctx.cache,
    yahoo: { baseUrl: options.yahooBaseUrl },
  };
  const marketData = createMarketDataProvider(marketDataOptions);
  // The words written from a symbol's cached figures serve as long as the figures do.
  const answersKeptMs = options.cacheTtlHours * 3_600_000;
  const analyst = recordBuiltInExchanges(createAnalyst({ ...options.llm, answersKeptMs, db, logger }), { db, logger });
  const engine: AnalysisEngine = {
    fetchMarketData: (symbol) => marketData.fetch(symbol),
    // A fallback answers with its own source (Yahoo failed, the snapshot stood in).
    isCacheable: (data) => data.source === marketData.name,
    sectorMedians: async ({ market, sector, symbol }) => (sector ? universe.sectorMedians({ market, sector, symbol }) : null),
    basicInfo: (data) => basicInfo(data),
    valuationModels: (input) => valuationModels(input, { priceStaleDays: options.priceStaleDays }),
    assessBusiness: (input, valuation, context) => assessBusiness(input, valuation, analyst, context),
    adviseInvestors,
    mergeReport: (input, parts, context) => mergeReport(input, parts, analyst, context),
  };
  const cache = resultCache(db, options.cacheTtlHours);
  // The jobs tell their stages to the streams of their own process (all-in-one: all of them).
  const notices = progressNotices();
  const jobDeps = {
    db,
    engine,
    cache,
    logger,
    notices,
    progressWriteMs: DEFAULT_PROGRESS_WRITE_MS,
    afterCommit: ctx.outbox.kick,
    deadlineMs: options.jobDeadlineMs ?? DEFAULT_JOB_DEADLINE_MS,
  };
  if (options.workers === 0) await declareJobQueue(ctx.bus, jobDeps);
  return {
    universe,
    cache,
    notices,
    quotes: createQuoteSource(marketDataOptions),
    workers: analysisJobSubscriptions(jobDeps, options.workers),
  };
}
