import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockListing, SymbolValidity } from '../types/stock';
import { isKnownSymbol, normaliseSymbol } from '../utils/symbol';
import { SymbolSearch } from './symbol-search';
import { SymbolValidityIndicator } from './symbol-validity';
import './symbol-form.css';

export interface SymbolFormProps {
  stocks: readonly StockListing[] | null;
  /** Visitors get a look-alike button that asks them to log in instead of starting an analysis. */
  canAnalyze: boolean;
  /**
   * A stored token is still being checked: a submit waits for the answer, so a member whose
   * check is slow is not taken for a visitor and asked to log in.
   */
  sessionChecking?: boolean;
  busy: boolean;
  /**
   * A visitor pressed the button. `resume` submits the symbol they had entered once they are
   * logged in, so the analysis they asked for is not lost to the login.
   */
  onRequireLogin(resume: () => void): void;
  onEmptySymbol(): void;
  /** A known (or, without a stock list, any) symbol, normalised. */
  onAnalyze(symbol: string): void;
  initialSymbol?: string;
  /** The user turned to the form (focused or pointed at it): a hint to fetch what an analysis needs. */
  onIntent?(): void;
  describedBy?: string;
  label: string;
}

/**
 * Symbol field, autocomplete, validity indicator and analyse button (spec sections 4 and 5):
 * typing resets validity to unknown, picking a suggestion makes it valid, and on submit a
 * symbol missing from the stock list is marked invalid and not analysed.
 */
export function SymbolForm({
  stocks,
  canAnalyze,
  sessionChecking = false,
  busy,
  onRequireLogin,
  onEmptySymbol,
  onAnalyze,
  initialSymbol = '',
  onIntent,
  describedBy,
  label,
}: SymbolFormProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const validityId = useId();
  const [symbol, setSymbol] = useState(initialSymbol);
  const [validity, setValidity] = useState<SymbolValidity>('unknown');

  const submit = (trimmed: string) => {
    if (!trimmed) {
      onEmptySymbol();
      return;
    }
    if (!isKnownSymbol(stocks, trimmed)) {
      setValidity('invalid');
      return;
    }
    setValidity('valid');
    const normalised = normaliseSymbol(trimmed);
    setSymbol(normalised);
    onAnalyze(normalised);
  };

  const decide = (trimmed: string) => {
    if (!canAnalyze) {
      // Nothing entered, nothing to resume: the login alone is what they get.
      onRequireLogin(() => {
        if (trimmed) submit(trimmed);
      });
      return;
    }
    submit(trimmed);
  };

  // The symbol submitted while the session was being checked, decided once the check answers
  // (by that render's canAnalyze: the effect runs only when the check ends).
  const held = useRef<string | null>(null);
  useEffect(() => {
    if (sessionChecking || held.current === null) return;
    const trimmed = held.current;
    held.current = null;
    decide(trimmed);
  }, [sessionChecking]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = symbol.trim();
    if (sessionChecking) held.current = trimmed;
    else decide(trimmed);
  };

  return (
    <form className="ui-stack ui-stack--2 symbol-form" onSubmit={onSubmit} onFocus={onIntent} onPointerEnter={onIntent} noValidate>
      <label className="visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <div className="symbol-form__row">
        <SymbolSearch
          id={inputId}
          value={symbol}
          stocks={stocks}
          describedBy={[describedBy, validityId].filter(Boolean).join(' ')}
          invalid={validity === 'invalid'}
          onType={(value) => {
            setSymbol(value);
            setValidity('unknown');
          }}
          onPick={(stock) => {
            setSymbol(stock.symbol);
            setValidity('valid');
          }}
        />
        {canAnalyze ? (
          <button type="submit" className="btn btn--primary btn--lg symbol-form__submit" disabled={busy}>
            {busy ? t('analysis.analyzing') : t('analysis.analyze')}
          </button>
        ) : (
          <button type="submit" className="btn btn--primary btn--lg symbol-form__submit" data-requires-login="true">
            {t('analysis.analyze')}
          </button>
        )}
      </div>
      <SymbolValidityIndicator id={validityId} validity={validity} />
    </form>
  );
}
