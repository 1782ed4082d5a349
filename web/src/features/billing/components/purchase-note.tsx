import { useTranslation } from 'react-i18next';

/** The explanatory note box of the purchase modal: credits never expire and arrive at once. */
export function PurchaseNote() {
  const { t } = useTranslation();
  return (
    <p className="purchase-note">
      <span className="purchase-note__icon" aria-hidden="true">
        i
      </span>
      {t('billing.plans.note')}
    </p>
  );
}
