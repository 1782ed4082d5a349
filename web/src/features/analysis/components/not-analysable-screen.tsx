import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotAnalysable } from '../hooks/use-analysis-flow';
import type { StockListing } from '../types/stock';
import { SymbolForm } from './symbol-form';
import './not-analysable-screen.css';

export interface NotAnalysableScreenProps {
  stock: NotAnalysable;
  stocks: readonly StockListing[] | null;
  canAnalyze: boolean;
  busy: boolean;
  onAnalyze(symbol: string): void;
  onRequireLogin(resume: () => void): void;
  onEmptySymbol(): void;
  onBack(): void;
  /** Up to three educational posts about this kind of product; the page composes them. */
  educationalPosts?: ReactNode;
}

/**
 * Shown instead of a report when the stock cannot be analysed (spec section 2): why, in a card
 * chosen by status, what to do instead, and a search box to pick another stock at once. No
 * credit was spent.
 */
export function NotAnalysableScreen({
  stock,
  stocks,
  canAnalyze,
  busy,
  onAnalyze,
  onRequireLogin,
  onEmptySymbol,
  onBack,
  educationalPosts,
}: NotAnalysableScreenProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { status } = stock;

  return (
    <section className="ui-stack not-analysable" aria-labelledby={titleId} data-testid="not-analysable" data-status={status}>
      <div className="card not-analysable__search">
        <h2 className="not-analysable__search-title">{t('analysis.notAnalysable.searchTitle')}</h2>
        <SymbolForm
          key={stock.symbol}
          stocks={stocks}
          canAnalyze={canAnalyze}
          busy={busy}
          onAnalyze={onAnalyze}
          onRequireLogin={onRequireLogin}
          onEmptySymbol={onEmptySymbol}
          label={t('analysis.symbolLabel')}
        />
      </div>

      <div className={`card not-analysable__reason not-analysable__reason--${status}`} role="status">
        <span className="not-analysable__icon" aria-hidden="true">
          !
        </span>
        <div className="ui-stack ui-stack--2 not-analysable__body">
          <p className="not-analysable__badge">{t(`analysis.notAnalysable.status.${status}.label`)}</p>
          <h2 className="not-analysable__title" id={titleId}>
            {t('analysis.notAnalysable.title', { symbol: stock.symbol })}
          </h2>
          <p>{t(`analysis.notAnalysable.status.${status}.description`)}</p>
          {stock.reason && (
            <p className="ui-stack ui-stack--1 not-analysable__server-reason">
              <strong>{t('analysis.notAnalysable.reason')}</strong>
              {stock.reason}
            </p>
          )}
          <p className="not-analysable__no-charge">{t('analysis.notAnalysable.noCharge')}</p>
        </div>
      </div>

      {educationalPosts && (
        <section className="not-analysable__posts" aria-label={t('analysis.notAnalysable.postsTitle')} data-testid="educational-posts">
          {educationalPosts}
        </section>
      )}

      <div className="card not-analysable__suggestions">
        <h3>{t('analysis.notAnalysable.suggestionsTitle')}</h3>
        <ul>
          <li>{t(`analysis.notAnalysable.status.${status}.suggestion`)}</li>
          <li>{t('analysis.notAnalysable.suggestions.otherStock')}</li>
          <li>{t('analysis.notAnalysable.suggestions.learn')}</li>
          <li>{t('analysis.notAnalysable.suggestions.history')}</li>
        </ul>
      </div>

      <div className="not-analysable__actions">
        <button type="button" className="btn btn--secondary btn--lg" onClick={onBack}>
          {t('analysis.notAnalysable.back')}
        </button>
      </div>
    </section>
  );
}
