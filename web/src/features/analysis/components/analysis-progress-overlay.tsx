import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useAnalysisEstimate } from '../api/get-analysis-estimate';
import type { AnalysisProgress } from '../hooks/use-analysis-flow';
import { formatNumber } from '../utils/format';
import { PROGRESS_STAGES, currentStageIndex, stageState } from '../utils/progress-stages';
import './analysis-progress-overlay.css';

/**
 * The overlay while an analysis runs (spec section 2): percent, the five stages, the detail
 * text of the current step and the 15–20 seconds note. It cannot be dismissed: the analysis
 * has been paid for and ends by itself.
 */
export function AnalysisProgressOverlay({ progress }: { progress: AnalysisProgress }) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const estimate = useAnalysisEstimate().data;
  const percent = Math.round(progress.percent);
  const stage = currentStageIndex(percent);
  const stageText =
    percent >= 100 ? t('analysis.progress.done') : t(`analysis.progress.stages.${PROGRESS_STAGES[stage]?.key ?? 'collect'}`);
  const detail = percent === 0 && !progress.message ? t('analysis.progress.starting') : (progress.message ?? stageText);

  // Screen readers follow the dialog; the page behind cannot be used until the analysis ends.
  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panelRef.current?.focus();
    return () => previouslyFocused?.focus({ preventScroll: true });
  }, []);

  return createPortal(
    <div className="ui-overlay analysis-progress" data-testid="analysis-progress">
      <div
        className="ui-stack analysis-progress__panel"
        ref={panelRef}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 className="analysis-progress__title" id={titleId}>
          {t('analysis.progress.title', { symbol: progress.symbol })}
        </h2>
        <p className="analysis-progress__percent" aria-live="polite" data-testid="analysis-progress-percent">
          {percent}%
        </p>
        <div
          className="analysis-progress__bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('analysis.progress.barLabel')}
        >
          <span className="analysis-progress__fill" style={{ width: `${percent}%` }} />
        </div>
        <ol className="ui-stack ui-stack--2 analysis-progress__stages">
          {PROGRESS_STAGES.map(({ key }, index) => {
            const state = stageState(index, percent);
            return (
              <li key={key} className={`analysis-progress__stage analysis-progress__stage--${state}`} data-state={state}>
                <span className="analysis-progress__marker" aria-hidden="true">
                  {state === 'done' ? '✓' : index + 1}
                </span>
                <span>{t(`analysis.progress.stages.${key}`)}</span>
                <span className="visually-hidden">{t(`analysis.progress.state.${state}`)}</span>
              </li>
            );
          })}
        </ol>
        <p className="analysis-progress__detail" data-testid="analysis-progress-detail">
          {detail}
        </p>
        <p className="analysis-progress__note" data-testid="analysis-progress-note">
          {estimate && estimate.seconds !== null && estimate.basedOn > 0
            ? t('analysis.progress.estimate', { seconds: formatNumber(Math.max(1, estimate.seconds), 0), count: estimate.basedOn })
            : t('analysis.progress.note')}
        </p>
      </div>
    </div>,
    document.body,
  );
}
