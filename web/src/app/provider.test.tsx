import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBilling } from '@/features/billing/hooks/use-billing';
import { CreditBalance } from '@/features/credits/components/credit-balance';
import { CREDIT_REFRESH_DELAY_MS } from '@/features/billing/components/billing-provider';
import { buySmallestPackage } from '../../test/purchase';
import { signUp } from '../../test/session';
import { AppProvider } from './provider';

function PurchasedButton({ credits }: { credits: number }) {
  const { purchased } = useBilling();
  return (
    <button type="button" onClick={() => purchased({ kind: 'credits', credits })}>
      purchased
    </button>
  );
}

describe('AppProvider wiring', () => {
  it('re-reads the header balance 1.5 s after a credit purchase, not before', async () => {
    await signUp('wiring');
    const bought = await buySmallestPackage();
    render(
      <AppProvider>
        <CreditBalance />
        <PurchasedButton credits={bought} />
      </AppProvider>,
    );
    const balance = await screen.findByTestId('credit-balance');
    // The balance read at mount already has the purchase; the test is that a purchase reads it again.
    await waitFor(() => expect(balance.textContent).toContain(`(${bought})+`));
    await buySmallestPackage();

    const clicked = performance.now();
    screen.getByRole('button', { name: 'purchased' }).click();
    await waitFor(() => expect(balance.textContent).toContain(`(${bought * 2})+`), { timeout: 10_000 });
    expect(performance.now() - clicked).toBeGreaterThanOrEqual(CREDIT_REFRESH_DELAY_MS - 50);
  });
});
