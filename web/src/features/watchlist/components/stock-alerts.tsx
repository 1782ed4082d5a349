import { ALERT_KINDS, type AlertKind, type WatchlistAlert } from '@stockai/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/form-message/form-message';
import { FormRow } from '@/components/ui/form-row/form-row';
import { formatDateTime } from '@/lib/format-date';
import { formatPrice } from '@/lib/format-number';
import { useAddAlert, useRemoveAlert } from '../api/change-alerts';
import { parseAlertPrice } from '../utils/price-distance';
import { classifyWatchlistFailure, watchlistFailureMessage } from '../utils/watchlist-failure';

const PRICE_KINDS: ReadonlySet<AlertKind> = new Set(['price_above', 'price_below']);

/** One stock's alerts on its watchlist card: each with what it watches and whether it fired, then a form to add one. */
export function StockAlerts({ symbol, currency, alerts }: { symbol: string; currency: string; alerts: WatchlistAlert[] }) {
  const { t } = useTranslation();
  const remove = useRemoveAlert();
  const titleId = useId();
  const [removeError, setRemoveError] = useState<string | null>(null);

  const describe = (alert: WatchlistAlert) =>
    t(`watchlist.alerts.kinds.${alert.kind}`, { price: alert.price === undefined ? '' : formatPrice(alert.price, currency) });

  return (
    <section className="ui-stack ui-stack--2" aria-labelledby={titleId}>
      <h3 id={titleId} className="watchlist-card__subtitle">
        {t('watchlist.alerts.title')}
      </h3>
      {alerts.length === 0 ? (
        <p className="watchlist-card__muted">{t('watchlist.alerts.none')}</p>
      ) : (
        <ul className="ui-stack ui-stack--1 watchlist-card__alerts" data-testid="watchlist-alerts">
          {alerts.map((alert) => (
            <li key={alert.id} className="ui-row ui-row--spread ui-row--2 watchlist-card__alert">
              <span>
                {describe(alert)}
                <span className="watchlist-card__muted">
                  {' · '}
                  {alert.active ? t('watchlist.alerts.armed') : t('watchlist.alerts.fired', { date: formatDateTime(alert.lastFiredAt) })}
                </span>
              </span>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { symbol, id: alert.id },
                    {
                      onSuccess: () => setRemoveError(null),
                      onError: (error) => setRemoveError(watchlistFailureMessage(t, classifyWatchlistFailure(error), { symbol })),
                    },
                  )
                }
              >
                {t('watchlist.alerts.remove')}
                <span className="visually-hidden"> {describe(alert)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {removeError && <FormMessage>{removeError}</FormMessage>}
      <AddAlertForm symbol={symbol} />
    </section>
  );
}

function AddAlertForm({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const add = useAddAlert();
  const id = useId();
  const [kind, setKind] = useState<AlertKind>('price_above');
  const [priceText, setPriceText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const needsPrice = PRICE_KINDS.has(kind);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let price: number | undefined;
    if (needsPrice) {
      const checked = parseAlertPrice(priceText);
      if ('problem' in checked) {
        setProblem(t(`watchlist.alerts.price.${checked.problem}`));
        return;
      }
      price = checked.price;
    }
    setProblem(null);
    add.mutate(
      { symbol, kind, price },
      {
        onSuccess: () => setPriceText(''),
        onError: (error) => setProblem(watchlistFailureMessage(t, classifyWatchlistFailure(error), { symbol })),
      },
    );
  };

  return (
    <form className="ui-stack ui-stack--2 watchlist-card__add-alert" onSubmit={onSubmit} noValidate>
      <div className="ui-row ui-row--wrap ui-row--2 watchlist-card__alert-fields">
        <FormRow label={t('watchlist.alerts.kindLabel')} htmlFor={`${id}-kind`}>
          <select id={`${id}-kind`} className="field__input" value={kind} onChange={(event) => setKind(event.target.value as AlertKind)}>
            {ALERT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`watchlist.alerts.options.${option}`)}
              </option>
            ))}
          </select>
        </FormRow>
        {needsPrice && (
          <FormRow label={t('watchlist.alerts.priceLabel')} htmlFor={`${id}-price`} className="watchlist-card__price-field">
            <input
              id={`${id}-price`}
              className="field__input"
              inputMode="decimal"
              autoComplete="off"
              value={priceText}
              aria-invalid={problem !== null}
              onChange={(event) => setPriceText(event.target.value)}
            />
          </FormRow>
        )}
        <button type="submit" className="btn btn--secondary watchlist-card__add-button" disabled={add.isPending}>
          {t('watchlist.alerts.add')}
        </button>
      </div>
      {problem && <FormMessage>{problem}</FormMessage>}
    </form>
  );
}
