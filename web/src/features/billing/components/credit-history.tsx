import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { useRecentCreditChanges } from '../api/get-credit-history';
import './recent-payments.css';
import { QueryFallback } from '@/components/ui/query-state/query-state';

/** `+7` / `-1`: a change of the balance always says which way it went. */
const signed = (credits: number) => (credits > 0 ? `+${credits}` : String(credits));

/**
 * The latest changes of the member's credits (Billing tab, beyond the spec's payments list): so a
 * member sees why their balance moved, an admin's adjustment (管理員調整) with the admin's reason.
 */
export function CreditHistory() {
  const { t } = useTranslation();
  const changes = useRecentCreditChanges();

  if (!changes.isSuccess)
    return <QueryFallback query={changes} loading={t('billing.creditHistory.loading')} failed={t('billing.creditHistory.loadFailed')} />;
  if (changes.data.length === 0) return <p className="recent-payments__empty">{t('billing.creditHistory.empty')}</p>;

  return (
    <table className="ui-table ui-table--cards recent-payments credit-history" data-testid="credit-history">
      <thead>
        <tr>
          <th scope="col">{t('billing.creditHistory.date')}</th>
          <th scope="col">{t('billing.creditHistory.type')}</th>
          <th scope="col" className="recent-payments__amount">
            {t('billing.creditHistory.credits')}
          </th>
          <th scope="col">{t('billing.creditHistory.reason')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.data.map((change, i) => (
          <tr key={`${change.createdAt}-${i}`}>
            <td data-label={t('billing.creditHistory.date')}>{formatDateTime(change.createdAt)}</td>
            <td data-label={t('billing.creditHistory.type')}>{t(`billing.creditHistory.types.${change.type}`)}</td>
            <td data-label={t('billing.creditHistory.credits')} className="recent-payments__amount">
              {signed(change.credits)}
            </td>
            <td data-label={t('billing.creditHistory.reason')} className="credit-history__reason">
              {change.reason ?? ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
