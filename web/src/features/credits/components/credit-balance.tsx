import { useTranslation } from 'react-i18next';
import { useCredits } from '../hooks/use-credits';
import './credit-balance.css';

/** Header balance: (paid)+daily/max, only daily when there is no max; daily is red at 0. */
export function CreditBalance() {
  const { t } = useTranslation();
  const { credits, hasFailed } = useCredits();

  if (!credits) {
    return (
      <span className="credit-balance" data-testid="credit-balance">
        <span className="credit-balance__label">{t('header.credits')}</span>
        <span className="credit-balance__value credit-balance__value--loading">
          {hasFailed ? t('header.creditsUnavailable') : t('common.loading')}
        </span>
      </span>
    );
  }

  const { paidCredits, dailyCredits, maxDailyCredits } = credits;
  const daily = <span className={`credit-balance__daily${dailyCredits === 0 ? ' credit-balance__daily--empty' : ''}`}>{dailyCredits}</span>;
  const title =
    maxDailyCredits === null
      ? t('header.creditsTitleDailyOnly', { daily: dailyCredits })
      : t('header.creditsTitle', { paid: paidCredits, daily: dailyCredits, max: maxDailyCredits });

  return (
    <span className="credit-balance" data-testid="credit-balance" title={title}>
      <span className="credit-balance__label">{t('header.credits')}</span>
      <span className="credit-balance__value">
        {maxDailyCredits === null ? (
          daily
        ) : (
          <>
            <span className="credit-balance__paid">({paidCredits})</span>+{daily}/{maxDailyCredits}
          </>
        )}
      </span>
    </span>
  );
}
