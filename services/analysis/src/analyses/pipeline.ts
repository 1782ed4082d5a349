import type { Database } from '@stockai/platform';
import type { BasicInfo, ReportInput, ValuationResult } from '../report/types';
import type { ResultCache } from '../result-cache/service';
import type { AnalysisEngine } from './engine';
import { type AnalysisRow, analysesRepo } from './repo';
import { hasCoreFigures } from '../market-data/core-figures';
import { STAGES } from './stages';

/**
 * The provider answered without a price or core figures (Yahoo failed and nothing stood in):
 * no report can be made, so the run fails and, on its last attempt, the credit is refunded.
 */
export class MarketDataMissing extends Error {
  constructor(symbol: string) {
    super(`no price or core figures for ${symbol}`);
  }
}

/** Who the advice is for: the type and preferences fixed at the start. */
const userOf = (analysis: AnalysisRow) => ({ investorType: analysis.investor_type, preferences: analysis.preferences });

export interface PipelineDeps {
  db: Database;
  engine: AnalysisEngine;
  cache: ResultCache;
}

/**
 * Runs the stages of one analysis in order, writing each stage's progress and text once its
 * work is done (never on a timer): 20 market data collected, 40 valuation computed, 60 business
 * assessed, 80 advice written, 95 report merged. A fresh cache entry stands in for the first
 * two stages, so both marks are written at once. Returns the merged report; completing the
 * analysis is the caller's (it goes with the completion event in one transaction). Once
 * `signal` aborts (the run's deadline passed) it stops at the next stage boundary.
 */
export async function runPipeline(deps: PipelineDeps, analysis: AnalysisRow, signal?: AbortSignal) {
  const { db, engine, cache } = deps;
  const ctx = { analysisId: analysis.id, userId: analysis.user_id, symbol: analysis.symbol };
  const advance = async (stage: { progress: number; message: string }, fromCache = false) => {
    signal?.throwIfAborted();
    await analysesRepo.advance(db, analysis.id, stage.progress, stage.message, fromCache);
  };

  const cached = await cache.fresh(analysis.symbol);
  let input: ReportInput;
  let basic: BasicInfo;
  let valuation: ValuationResult;
  if (cached) {
    input = { data: cached.marketData, medians: cached.sectorMedians, ...userOf(analysis) };
    basic = engine.basicInfo(input.data);
    valuation = cached.valuation;
    await advance(STAGES.marketData, true);
    await advance(STAGES.valuation, true);
  } else {
    const data = await engine.fetchMarketData(analysis.symbol);
    if (!hasCoreFigures(data)) throw new MarketDataMissing(analysis.symbol);
    input = { data, medians: await engine.sectorMedians(data), ...userOf(analysis) };
    basic = engine.basicInfo(data);
    await advance(STAGES.marketData);
    valuation = engine.valuationModels(input);
    if (engine.isCacheable(data)) await cache.store({ symbol: analysis.symbol, marketData: data, sectorMedians: input.medians, valuation });
    await advance(STAGES.valuation);
  }

  const business = await engine.assessBusiness(input, valuation, ctx);
  await advance(STAGES.business);

  const suggestions = await engine.adviseInvestors(input, valuation, business);
  await advance(STAGES.suggestions);

  const results = await engine.mergeReport(input, { basic, valuation, business, suggestions }, ctx);
  await advance(STAGES.merge);
  return results;
}
