/**
 * What starting an analysis needs beyond the page: the status check, the start request, the
 * failure classes and the follow-up. Loaded when the user shows the intent to analyse (focus
 * or pointer on the form), with the contracts' schemas, not with the first screen (ADR 70).
 */
export { getStockStatus } from './get-stock-status';
export { startAnalysis } from './start-analysis';
export { findRunningAnalysis } from './get-analysis-history';
export { AnalysisFollowError } from './follow-errors';
export { followAnalysis } from './follow-analysis';
export { classifyStartFailure, isNotAnalysable, isUnknownSymbol } from '../utils/analysis-errors';
