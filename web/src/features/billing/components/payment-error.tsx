import { useTranslation } from 'react-i18next';
import { PurchaseError } from '../utils/purchase-errors';

/**
 * A failed payment step as spec section 8 words it: the catalogue message for what went wrong,
 * the card provider's own message for a card error, and for anything unforeseen the server's.
 */
export function PaymentError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message =
    error instanceof PurchaseError
      ? (error.providerMessage ?? (error.key ? t(error.key) : t('billing.errors.initPayment')))
      : error instanceof Error && error.message
        ? error.message
        : t('billing.errors.initPayment');
  return (
    <p className="form-error" role="alert" data-testid="payment-error">
      {message}
    </p>
  );
}
