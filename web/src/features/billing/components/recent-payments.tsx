import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { useRecentPayments } from '../api/get-payments';
import { formatMoney } from '../utils/format-money';
import './recent-payments.css';
import { QueryFallback } from '@/components/ui/query-state/query-state';

/**
 * The latest five payments (spec section 2, Billing tab); a credit-package payment (type topup)
 * reads as a credit purchase.
 *
 * Currency: the spec contradicts itself (HK$ prices in the purchase modal, TWD in this list,
 * sections 1 and 9). We show every amount in the currency of the payment itself, exactly what
 * the user was charged, never converted and never relabelled: a payment made in HK$ reads
 * HK$ here, and one made in TWD would read NT$.
 */
export function RecentPayments() {
  const { t } = useTranslation();
  const payments = useRecentPayments();

  if (!payments.isSuccess)
    return <QueryFallback query={payments} loading={t('billing.payments.loading')} failed={t('billing.payments.loadFailed')} />;
  if (payments.data.length === 0) return <p className="recent-payments__empty">{t('billing.payments.empty')}</p>;

  const typeName = (type: string) => (type === 'topup' || type === 'subscription' ? t(`billing.payments.types.${type}`) : type);

  return (
    <table className="ui-table ui-table--cards recent-payments" data-testid="recent-payments">
      <thead>
        <tr>
          <th scope="col">{t('billing.payments.date')}</th>
          <th scope="col">{t('billing.payments.type')}</th>
          <th scope="col" className="recent-payments__amount">
            {t('billing.payments.amount')}
          </th>
          <th scope="col">{t('billing.payments.status')}</th>
        </tr>
      </thead>
      <tbody>
        {payments.data.map((payment) => (
          <tr key={payment.id}>
            <td data-label={t('billing.payments.date')}>{formatDate(payment.date)}</td>
            <td data-label={t('billing.payments.type')}>
              {typeName(payment.type)}
              {payment.packageName && <span className="recent-payments__package">（{payment.packageName}）</span>}
            </td>
            <td data-label={t('billing.payments.amount')} className="recent-payments__amount">
              {formatMoney(payment.price)}
            </td>
            <td data-label={t('billing.payments.status')}>
              <span className={`payment-status payment-status--${payment.status}`}>{t(`billing.payments.statuses.${payment.status}`)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
