import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SymbolForm, type SymbolFormProps } from './symbol-form';
import './stock-input-card.css';

type StockInputCardProps = Omit<SymbolFormProps, 'label' | 'describedBy' | 'initialSymbol'>;

/** The main page's card: title, the Hong Kong / US hint, the symbol form and what an analysis costs. */
export function StockInputCard(props: StockInputCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();

  return (
    <section className="card stock-input" aria-labelledby={titleId}>
      <div className="stock-input__heading">
        <h2 className="stock-input__title" id={titleId}>
          {t('analysis.cardTitle')}
        </h2>
        <p className="stock-input__hint" id={hintId}>
          {t('analysis.hint')}
        </p>
      </div>
      <SymbolForm {...props} label={t('analysis.symbolLabel')} describedBy={hintId} />
      <p className="stock-input__cost">{t('analysis.cost')}</p>
    </section>
  );
}
