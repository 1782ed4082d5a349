import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './stock-input-card.css';

interface StockInputCardProps {
  /** Visitors get a look-alike button that asks them to log in instead of starting an analysis. */
  canAnalyze: boolean;
  onRequireLogin(): void;
  onAnalyze(symbol: string): void;
  onEmptySymbol(): void;
  busy?: boolean;
}

export function StockInputCard({ canAnalyze, onRequireLogin, onAnalyze, onEmptySymbol, busy = false }: StockInputCardProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [symbol, setSymbol] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canAnalyze) {
      onRequireLogin();
      return;
    }
    const trimmed = symbol.trim();
    if (!trimmed) {
      onEmptySymbol();
      return;
    }
    onAnalyze(trimmed);
  };

  return (
    <section className="card stock-input" aria-labelledby={`${inputId}-title`}>
      <div className="stock-input__heading">
        <h2 className="stock-input__title" id={`${inputId}-title`}>
          {t('analysis.cardTitle')}
        </h2>
        <p className="stock-input__hint" id={hintId}>
          {t('analysis.hint')}
        </p>
      </div>
      <form className="stock-input__form" onSubmit={onSubmit} noValidate>
        <label className="visually-hidden" htmlFor={inputId}>
          {t('analysis.symbolLabel')}
        </label>
        <input
          id={inputId}
          className="field__input stock-input__symbol"
          type="text"
          value={symbol}
          onChange={(event) => setSymbol(event.target.value.toUpperCase())}
          placeholder={t('analysis.symbolPlaceholder')}
          aria-describedby={hintId}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
        />
        {canAnalyze ? (
          <button type="submit" className="btn btn--primary btn--lg stock-input__submit" disabled={busy}>
            {busy ? t('analysis.analyzing') : t('analysis.analyze')}
          </button>
        ) : (
          <button type="submit" className="btn btn--primary btn--lg stock-input__submit" data-requires-login="true">
            {t('analysis.analyze')}
          </button>
        )}
      </form>
      <p className="stock-input__cost">{t('analysis.cost')}</p>
    </section>
  );
}
