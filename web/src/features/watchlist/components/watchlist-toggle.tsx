import { useTranslation } from 'react-i18next';
import { StrokeIcon } from '@/components/ui/icon/stroke-icon';
import { useToast } from '@/components/ui/toast/use-toast';
import { useAddToWatchlist, useRemoveFromWatchlist } from '../api/change-watchlist';
import { useWatchlist } from '../api/get-watchlist';
import { classifyWatchlistFailure, watchlistFailureMessage } from '../utils/watchlist-failure';
import './watchlist-toggle.css';

interface WatchlistToggleProps {
  symbol: string;
  /** A full list: the page opens the plans (the billing feature), as running out of credits opens the packages. */
  onUpgrade?(): void;
}

/** 加入自選 / 已加入自選 for one stock, on a report and on each history row. */
export function WatchlistToggle({ symbol, onUpgrade }: WatchlistToggleProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const watchlist = useWatchlist();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const following = watchlist.data?.items.some((item) => item.symbol === symbol) ?? false;
  const busy = watchlist.isPending || add.isPending || remove.isPending;

  const onClick = async () => {
    try {
      if (following) {
        await remove.mutateAsync(symbol);
        toast.success(t('watchlist.toggle.removed', { symbol }));
      } else {
        await add.mutateAsync(symbol);
        toast.success(t('watchlist.toggle.added', { symbol }));
      }
    } catch (error) {
      const failure = classifyWatchlistFailure(error);
      // Already gone elsewhere: the list is read again, and the button follows it.
      if (failure === 'notInWatchlist') return;
      toast.error(watchlistFailureMessage(t, failure, { symbol, limit: watchlist.data?.limit }));
      if (failure === 'full') onUpgrade?.();
    }
  };

  return (
    <button
      type="button"
      className={`btn btn--secondary watchlist-toggle${following ? ' watchlist-toggle--on' : ''}`}
      aria-pressed={following}
      disabled={busy}
      onClick={() => void onClick()}
      data-testid="watchlist-toggle"
    >
      <StarIcon filled={following} />
      {following ? t('watchlist.toggle.on') : t('watchlist.toggle.off')}
      <span className="visually-hidden"> {symbol}</span>
    </button>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <StrokeIcon filled={filled}>
      <path d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
    </StrokeIcon>
  );
}
