import { useTranslation } from 'react-i18next';
import type { SymbolValidity } from '../types/stock';
import './symbol-validity.css';

/** 有效的股票代碼 / 無效的股票代碼 under the field; nothing while unknown (spec section 5). */
export function SymbolValidityIndicator({ validity, id }: { validity: SymbolValidity; id?: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className={`symbol-validity symbol-validity--${validity}`} aria-live="polite" data-testid="symbol-validity">
      {validity === 'valid' && (
        <>
          <span aria-hidden="true">✓</span> {t('analysis.validity.valid')}
        </>
      )}
      {validity === 'invalid' && (
        <>
          <span aria-hidden="true">✕</span> {t('analysis.validity.invalid')}
        </>
      )}
    </p>
  );
}
