import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast/use-toast';
import { loadAnswerSchemas } from '@/lib/api-client';
import { getAnalysis } from '../api/get-analysis';
import type { AnalysisRecord } from '../types/analysis';
import type { AnalysisResults } from '../types/results';
import { isNotAnalysableStatus, type NotAnalysableStatus } from '../types/stock';
import { normaliseSymbol } from '../utils/symbol';

/** Starting and following an analysis (start-flow.ts): not needed before the first start. */
const loadStartFlow = () => import('../api/start-flow');
type StartFlow = Awaited<ReturnType<typeof loadStartFlow>>;

/**
 * Downloads what a first analysis needs beyond the page (following it, and the contracts'
 * schemas its answers are checked with) when the user shows the intent (focuses or points at
 * the form), not with the page: the first screen stays light and the start does not wait (ADR 70).
 */
export function prepareAnalysis(): void {
  loadStartFlow().catch(() => undefined);
  loadAnswerSchemas().catch(() => undefined);
}

/** Spec section 9. */
export const BUSY_MS = 2000;
export const OVERLAY_CLOSE_DELAY_MS = 500;
export const RESULTS_ELEMENT_ID = 'analysis-results';

export interface AnalysisProgress {
  symbol: string;
  percent: number;
  /** The server's detail text for the current step, when it sent one. */
  message: string | null;
}

export interface NotAnalysable {
  symbol: string;
  status: NotAnalysableStatus;
  reason: string | null;
}

export interface AnalysisReport {
  analysisId: string;
  symbol: string;
  results: AnalysisResults;
}

interface AnalysisFlowOptions {
  /** The investor profile sent with the request; null leaves it to the server's stored one. */
  loadUserProfile(): Promise<unknown>;
  /** Runs when an analysis has ended either way (the credit display is refreshed then). */
  onSettled(): void;
  /** The start was refused for want of credits: offer some (the page opens the purchase modal) instead of a bare message. */
  onOutOfCredits?(symbol: string): void;
}

/**
 * The analysis flow of spec section 4: status check, start, follow (event stream, polling as
 * fallback), results or the not-analysable screen. One analysis at a time: starting another
 * stops following the previous one.
 */
export function useAnalysisFlow({ loadUserProfile, onSettled, onOutOfCredits }: AnalysisFlowOptions) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<AnalysisProgress | null>(null);
  const [report, setReport] = useState<AnalysisReport | null>(null);
  const [notAnalysable, setNotAnalysable] = useState<NotAnalysable | null>(null);
  const current = useRef<AbortController | null>(null);
  const timers = useRef<number[]>([]);
  const settled = useRef(onSettled);
  const profile = useRef(loadUserProfile);
  const outOfCredits = useRef(onOutOfCredits);

  useEffect(() => {
    settled.current = onSettled;
    profile.current = loadUserProfile;
    outOfCredits.current = onOutOfCredits;
  }, [onSettled, loadUserProfile, onOutOfCredits]);

  useEffect(
    () => () => {
      current.current?.abort();
      timers.current.forEach((timer) => window.clearTimeout(timer));
    },
    [],
  );

  // Timers that must not fire after the page is left (the busy label, closing the overlay).
  const later = (ms: number, run: () => void) => {
    const timer = window.setTimeout(() => {
      timers.current = timers.current.filter((t) => t !== timer);
      run();
    }, ms);
    timers.current.push(timer);
  };

  const finish = useCallback((analysisId: string, symbol: string, results: AnalysisResults) => {
    setProgress({ symbol, percent: 100, message: null });
    later(OVERLAY_CLOSE_DELAY_MS, () => {
      setProgress(null);
      setReport({ analysisId, symbol, results });
      window.requestAnimationFrame(() =>
        document.getElementById(RESULTS_ELEMENT_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      );
    });
  }, []);

  const showFailure = useCallback(
    (error: unknown, flow: StartFlow | null) => {
      setProgress(null);
      if (flow && error instanceof flow.AnalysisFollowError) {
        toast.error(t(`analysis.errors.follow.${error.kind}`));
        return;
      }
      console.error('Analysis failed', error);
      toast.error(t(`analysis.errors.start.${flow ? flow.classifyStartFailure(error) : 'generic'}`));
    },
    [t, toast],
  );

  const analyze = useCallback(
    async (typed: string) => {
      const symbol = normaliseSymbol(typed);
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const { signal } = controller;
      setBusy(true);
      later(BUSY_MS, () => setBusy(false));
      setReport(null);
      setNotAnalysable(null);

      let flow: StartFlow | null = null;
      try {
        flow = await loadStartFlow();
        const {
          getStockStatus,
          startAnalysis,
          findRunningAnalysis,
          AnalysisFollowError,
          followAnalysis,
          classifyStartFailure,
          isNotAnalysable,
          isUnknownSymbol,
        } = flow;
        const status = await getStockStatus(symbol, signal).catch((error: unknown) => {
          if (isUnknownSymbol(error)) throw error;
          // The check is advisory: when it cannot be had, the start request checks again.
          if (!signal.aborted) console.warn('Stock status check failed; starting anyway', error);
          return null;
        });
        if (signal.aborted) return;
        if (status && !status.isActive) {
          setNotAnalysable({ symbol, status: isNotAnalysableStatus(status.status) ? status.status : 'inactive', reason: status.reason });
          return;
        }

        setProgress({ symbol, percent: 0, message: null });
        const userProfile = await profile.current().catch(() => null);
        let analysisId: string;
        try {
          analysisId = await startAnalysis(symbol, userProfile, signal);
        } catch (error) {
          if (signal.aborted) return;
          if (isNotAnalysable(error)) {
            const recheck = await getStockStatus(symbol, signal).catch(() => null);
            setProgress(null);
            setNotAnalysable({
              symbol,
              status: recheck && isNotAnalysableStatus(recheck.status) ? recheck.status : 'error',
              reason: recheck?.reason ?? error.message,
            });
            return;
          }
          const running =
            classifyStartFailure(error) === 'alreadyRunning' ? await findRunningAnalysis(symbol, signal).catch(() => null) : null;
          if (!running) throw error;
          toast.info(t('analysis.followingRunning', { symbol }));
          analysisId = running.id;
        }

        let record: AnalysisRecord;
        try {
          record = await followAnalysis(analysisId, {
            signal,
            onUpdate: (update) => setProgress({ symbol, percent: update.progress, message: update.message }),
          });
        } finally {
          if (!signal.aborted) settled.current();
        }
        if (record.status !== 'completed') {
          setProgress(null);
          toast.error(record.error ?? t('analysis.errors.failed'));
          return;
        }
        // The stream may announce completion without the report; then it is read once.
        const results = record.results ?? (await getAnalysis(analysisId, signal)).results;
        if (!results) throw new AnalysisFollowError('restart');
        finish(analysisId, symbol, results);
      } catch (error) {
        if (signal.aborted) return;
        if (flow?.isUnknownSymbol(error)) {
          setProgress(null);
          toast.error(t('analysis.errors.unknownSymbol', { symbol }));
          return;
        }
        if (outOfCredits.current && flow?.classifyStartFailure(error) === 'insufficientCredits') {
          setProgress(null);
          toast.info(t('analysis.errors.start.insufficientCredits'));
          outOfCredits.current(symbol);
          return;
        }
        showFailure(error, flow);
      }
    },
    [finish, showFailure, t, toast],
  );

  /** Back from the not-analysable screen to the input card. */
  const backToSearch = useCallback(() => setNotAnalysable(null), []);

  return { busy, progress, report, notAnalysable, analyze, backToSearch };
}
