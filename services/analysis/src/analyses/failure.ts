import { eventData } from '@stockai/contracts';
import { type Queryable, newEvent, writeOutbox } from '@stockai/platform';
import { analysesRepo } from './repo';
import { FAILED_MESSAGE, NOT_STARTED_MESSAGE } from './stages';

/** Which analysis failed, as `analysis.failed` names it. */
export interface AnalysisRef {
  analysisId: string;
  userId: string;
  symbol: string;
}

/**
 * Texts a failed analysis shows its user in `error` (Traditional Chinese). The cause itself is
 * only logged, keyed by the analysis id: an exception's message is for engineers, not investors.
 */
export const FAILURE_TEXTS = {
  /** The job threw on its last allowed run, or ran past its deadline each time. */
  jobFailed: '分析過程中發生錯誤，點數已退回，請稍後再試。',
  /** The market data had no price or core figures on every run (the provider failed, nothing stood in). */
  noMarketData: '未能取得此股票的股價及主要財務數據，分析未能完成，點數已退回。',
  /** The job was never finished by a worker (none running, its message lost, a stage hung). */
  stuck: '分析逾時未能完成，點數已退回，請稍後再試。',
  /** Billing did not answer whether it took the credit; any credit taken is given back. */
  billingUnconfirmed: '未能確認扣除點數，分析未有開始；如已扣除，點數會自動退回。',
} as const;

/** Why an analysis failed: the key of its text, so that code decides on the cause, never on the text. */
export type FailureCause = keyof typeof FAILURE_TEXTS;

/** The one `analysis.failed` event: billing refunds the debit under `analysis:<analysisId>` on it. */
function analysisFailedEvent(ref: AnalysisRef, error: string) {
  return newEvent('analysis.failed', eventData('analysis.failed', { ...ref, error }));
}

/**
 * Fails a running analysis with the user-facing text of its cause and announces it in the same transaction,
 * so the refund goes out exactly when the failure is recorded. False (and nothing written) when
 * the analysis had already finished.
 */
export async function recordFailure(tx: Queryable, ref: AnalysisRef, cause: FailureCause): Promise<boolean> {
  const error = FAILURE_TEXTS[cause];
  const message = cause === 'billingUnconfirmed' ? NOT_STARTED_MESSAGE : FAILED_MESSAGE;
  if (!(await analysesRepo.fail(tx, ref.analysisId, error, message))) return false;
  await writeOutbox(tx, analysisFailedEvent(ref, error));
  return true;
}
