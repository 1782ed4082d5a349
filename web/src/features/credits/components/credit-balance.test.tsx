import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { buySmallestPackage } from '../../../../test/purchase';
import { signUp } from '../../../../test/session';
import { getCredits } from '../api/get-credits';
import { useCredits } from '../hooks/use-credits';
import { CreditBalance } from './credit-balance';
import { CreditsProvider } from './credits-provider';

function RefreshButton() {
  const { refresh } = useCredits();
  return (
    <button type="button" onClick={() => void refresh()}>
      refresh
    </button>
  );
}

describe('CreditBalance', () => {
  it("shows the signed-in user's (paid)+daily/max balance, and the new paid credits after a purchase and a refresh", async () => {
    const { user } = await signUp('credits');
    const before = await getCredits();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreditsProvider userId={user.id}>
          <CreditBalance />
          <RefreshButton />
        </CreditsProvider>
      </QueryClientProvider>,
    );
    const balance = await screen.findByTestId('credit-balance');
    await waitFor(() => expect(balance.textContent).toContain(`(${before.paidCredits})+${before.dailyCredits}/${before.maxDailyCredits}`));

    const bought = await buySmallestPackage();
    screen.getByRole('button', { name: 'refresh' }).click();

    await waitFor(() => expect(balance.textContent).toContain(`(${before.paidCredits + bought})+`));
  });

  it('shows a new member 載入中 while billing opens their account, then the balance, never the unavailable mark', async () => {
    const { user } = await signUp('new-member', { waitForAccount: false });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreditsProvider userId={user.id}>
          <CreditBalance />
        </CreditsProvider>
      </QueryClientProvider>,
    );
    const balance = await screen.findByTestId('credit-balance');
    const seen = [balance.textContent];
    const observer = new MutationObserver(() => seen.push(balance.textContent));
    observer.observe(balance, { subtree: true, childList: true, characterData: true });
    await waitFor(() => expect(balance.textContent).toMatch(/\(\d+\)\+\d+\/\d+/), { timeout: 10_000 });
    observer.disconnect();
    expect(seen.filter((text) => text?.includes('—'))).toEqual([]);
  });

  it('loads nothing for a visitor', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreditsProvider userId={null}>
          <CreditBalance />
        </CreditsProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('credit-balance')).textContent).not.toMatch(/\d/);
  });
});
