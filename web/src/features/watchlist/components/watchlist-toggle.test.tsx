import { stockListResponse, watchlistItem } from '@stockai/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { renderWithProviders } from '../../../../test/render';
import { signUp } from '../../../../test/session';
import { WatchlistToggle } from './watchlist-toggle';

/** The member's list as the API holds it. */
const listedSymbols = async () => (await apiClient.get('watchlist', (s) => s.watchlistResponse)).items.map((item) => item.symbol);

describe('WatchlistToggle', () => {
  it('adds the stock to the watchlist, shows it as added, and removes it again', async () => {
    await signUp('watchlist-toggle');
    renderWithProviders(<WatchlistToggle symbol="AAPL" />);
    const toggle = await screen.findByRole('button', { name: '加入自選 AAPL' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: '已加入自選 AAPL' })).toBe(toggle);
    expect(await listedSymbols()).toEqual(['AAPL']);

    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
    expect(await listedSymbols()).toEqual([]);
  });

  it("refuses a stock past a free member's limit with the limit and the way up, and opens the plans", async () => {
    await signUp('watchlist-full');
    const stocks = await apiClient.get('stocks', stockListResponse);
    const [extra, ...ten] = stocks.slice(0, 11).map((stock) => stock.symbol);
    for (const symbol of ten) await apiClient.post('watchlist', watchlistItem, { symbol });
    let upgradeOffered = 0;
    renderWithProviders(<WatchlistToggle symbol={extra!} onUpgrade={() => upgradeOffered++} />);
    const toggle = await screen.findByRole('button', { name: `加入自選 ${extra}` });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));

    await userEvent.click(toggle);
    expect(await screen.findByText('自選股已達上限 10 隻。升級會員可關注更多股票：VIP 會員 30 隻、高級會員 100 隻。')).toBeTruthy();
    expect(upgradeOffered).toBe(1);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await listedSymbols()).toHaveLength(10);
  });
});
