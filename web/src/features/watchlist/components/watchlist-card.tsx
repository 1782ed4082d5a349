import type { WatchlistItem } from '@stockai/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { formatPercent, formatPrice } from '@/lib/format-number';
import { useRemoveFromWatchlist } from '../api/change-watchlist';
import { currencyOf, distanceFromPrice, formatPriceDate } from '../utils/price-distance';
import { StockAlerts } from './stock-alerts';

interface WatchlistCardProps {
  item: WatchlistItem;
  /** Asks to analyse the stock again (1 credit); the page confirms first. */
  onReanalyse(item: WatchlistItem): void;
}

/**
 * One followed stock: its last price, its last report's call and prices with how far today's
 * price is from each, a way to analyse it again, and its alerts.
 */
export function WatchlistCard({ item, onReanalyse }: WatchlistCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useRemoveFromWatchlist();
  const currency = currencyOf(item.symbol);
  const { report, lastPrice } = item;
  const priceDate = formatPriceDate(item.priceAsOf);

  /** A report's price with how far it is from today's, e.g. `HKD 420.00（較現價 +5.00%）`. */
  const priceWithDistance = (target: number | null) => {
    const distance = distanceFromPrice(lastPrice, target);
    if (target === null) return formatPrice(null);
    return distance === null
      ? formatPrice(target, currency)
      : t('watchlist.card.withDistance', {
          price: formatPrice(target, currency),
          distance: formatPercent(distance, { signed: true, digits: 1 }),
        });
  };

  return (
    <li id={item.symbol} className="card ui-stack ui-stack--3 watchlist-card" aria-labelledby={titleId} data-testid="watchlist-card">
      <div className="ui-row ui-row--spread ui-row--2">
        <h2 id={titleId} className="watchlist-card__title">
          {item.name} <span className="watchlist-card__symbol">{item.symbol}</span>
        </h2>
        <button type="button" className="btn btn--ghost" disabled={remove.isPending} onClick={() => remove.mutate(item.symbol)}>
          {t('watchlist.card.remove')}
          <span className="visually-hidden"> {item.symbol}</span>
        </button>
      </div>
      <table className="ui-table watchlist-card__facts">
        <tbody>
          <tr>
            <th scope="row">{t('watchlist.card.lastPrice')}</th>
            <td data-testid="watchlist-last-price">
              {formatPrice(lastPrice, currency)}
              {priceDate && <span className="watchlist-card__muted">{t('watchlist.card.asOf', { date: priceDate })}</span>}
            </td>
          </tr>
          {report && (
            <>
              <tr>
                <th scope="row">{t('watchlist.card.call')}</th>
                <td>
                  <span className={`watchlist-call watchlist-call--${report.recommendation}`}>
                    {t(`analysis.results.recommendation.${report.recommendation}`, { defaultValue: report.recommendation })}
                  </span>
                  <span className="watchlist-card__muted">{t('watchlist.card.reportDate', { date: formatDate(report.createdAt) })}</span>
                </td>
              </tr>
              <tr>
                <th scope="row">{t('watchlist.card.fairValue')}</th>
                <td>
                  {priceWithDistance(report.fairValue)}
                  {report.range && (
                    <span className="watchlist-card__muted">
                      {t('watchlist.card.range', { low: formatPrice(report.range.low), high: formatPrice(report.range.high) })}
                    </span>
                  )}
                </td>
              </tr>
              <tr>
                <th scope="row">{t('watchlist.card.buyBelow')}</th>
                <td>{priceWithDistance(report.buyBelow)}</td>
              </tr>
              <tr>
                <th scope="row">{t('watchlist.card.sellAbove')}</th>
                <td>{priceWithDistance(report.sellAbove)}</td>
              </tr>
            </>
          )}
        </tbody>
      </table>
      {!report && <p className="watchlist-card__muted">{t('watchlist.card.noReport')}</p>}
      <div className="ui-wrap">
        <button type="button" className="btn btn--primary" onClick={() => onReanalyse(item)}>
          {t('watchlist.card.reanalyse')}
          <span className="visually-hidden"> {item.symbol}</span>
        </button>
        {report && (
          <Link className="btn btn--secondary" to={`/?analysis=${encodeURIComponent(report.analysisId)}`}>
            {t('watchlist.card.openReport')}
            <span className="visually-hidden"> {item.symbol}</span>
          </Link>
        )}
      </div>
      <StockAlerts symbol={item.symbol} currency={currency} alerts={item.alerts} />
    </li>
  );
}
