import type { WatchlistItem } from '@stockai/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Modal } from '@/components/ui/modal/modal';
import { QueryFallback } from '@/components/ui/query-state/query-state';
import { useWatchlist } from '../api/get-watchlist';
import { WatchlistCard } from './watchlist-card';
import './watchlist.css';

interface WatchlistPageProps {
  /** Starts a new analysis of the stock (1 credit), after the member confirmed it. */
  onReanalyse(symbol: string): void;
}

/**
 * The 自選股 tab: the member's followed stocks as cards (one column on a phone), each with its
 * last report and alerts; an empty list says how to add a stock. A link from a notification
 * (`/watchlist#0700.HK`) scrolls to the stock's card.
 */
export function WatchlistPage({ onReanalyse }: WatchlistPageProps) {
  const { t } = useTranslation();
  const list = useWatchlist();
  const [confirming, setConfirming] = useState<WatchlistItem | null>(null);
  const { hash } = useLocation();
  const loaded = list.isSuccess;
  useEffect(() => {
    if (!loaded || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  return (
    <section className="ui-stack watchlist" aria-labelledby="watchlist-title">
      <div className="ui-row ui-row--spread ui-row--wrap">
        <h1 className="page__title" id="watchlist-title">
          {t('watchlist.title')}
        </h1>
        {list.isSuccess && (
          <p className="watchlist__count" data-testid="watchlist-count">
            {t('watchlist.count', { count: list.data.items.length, limit: list.data.limit })}
          </p>
        )}
      </div>
      {!list.isSuccess ? (
        <QueryFallback query={list} loading={t('watchlist.loading')} failed={t('watchlist.loadFailed')} />
      ) : list.data.items.length === 0 ? (
        <div className="card ui-stack ui-stack--3" data-testid="watchlist-empty">
          <h2 className="watchlist__empty-title">{t('watchlist.empty.title')}</h2>
          <p>{t('watchlist.empty.howTo')}</p>
          <p>{t('watchlist.empty.alerts')}</p>
          <div className="ui-wrap">
            <Link className="btn btn--primary" to="/">
              {t('watchlist.empty.toAnalysis')}
            </Link>
            <Link className="btn btn--secondary" to="/history">
              {t('watchlist.empty.toHistory')}
            </Link>
          </div>
        </div>
      ) : (
        <ul className="ui-grid watchlist__grid">
          {list.data.items.map((item) => (
            <WatchlistCard key={item.symbol} item={item} onReanalyse={setConfirming} />
          ))}
        </ul>
      )}
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('watchlist.reanalyse.title', { symbol: confirming?.symbol ?? '' })}
      >
        <div className="ui-stack ui-stack--3">
          <p>{t('watchlist.reanalyse.cost', { name: confirming?.name ?? '' })}</p>
          <div className="ui-wrap">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                if (confirming) onReanalyse(confirming.symbol);
                setConfirming(null);
              }}
            >
              {t('watchlist.reanalyse.confirm')}
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setConfirming(null)}>
              {t('watchlist.reanalyse.cancel')}
            </button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
