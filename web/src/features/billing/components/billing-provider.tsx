import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { subscriptionQueryKey } from '../api/get-current-subscription';
import { paymentsQueryKey } from '../api/get-payments';
import { BillingContext, type BillingContextValue } from '../hooks/use-billing';
import type { PurchaseOutcome, PurchaseRequest } from '../types/purchase';
import type { CurrentSubscription } from '../types/subscription';
import { withText } from '@/lib/i18n';

// The modal and its card forms load when first opened, not with the landing page.
const PurchaseModal = lazy(() => withText(import('./purchase-modal')).then((m) => ({ default: m.PurchaseModal })));

/** Spec section 9: the modal closes 1 s after a payment; the balance is re-read 1.5 s after a credit purchase. */
export const CLOSE_AFTER_PURCHASE_MS = 1000;
export const CREDIT_REFRESH_DELAY_MS = 1500;

interface BillingProviderProps {
  /** The signed-in user's id, or null for a visitor (no modal, no subscription). */
  userId: string | null;
  /** Re-reads the credit balance; the credits feature owns it, the app wires the two. */
  onBalanceChanged(): void;
  children: ReactNode;
}

/**
 * The purchase modal, opened from anywhere, and the user's subscription's changes. The timers live here,
 * not in the modal, so a refresh still happens after the modal has closed.
 */
export function BillingProvider({ userId, onBalanceChanged, children }: BillingProviderProps) {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<PurchaseRequest | null>(null);
  const openRequest = useRef(request);
  openRequest.current = request;
  const timers = useRef<number[]>([]);
  const balanceChanged = useRef(onBalanceChanged);
  balanceChanged.current = onBalanceChanged;

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);
  useEffect(() => {
    setRequest(null);
  }, [userId]);

  const later = (work: () => void, ms: number) => {
    timers.current.push(window.setTimeout(work, ms));
  };

  const paymentsChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: paymentsQueryKey }), [queryClient]);

  const subscriptionChanged = useCallback(
    (current: CurrentSubscription) => {
      queryClient.setQueryData(subscriptionQueryKey(userId), current);
      paymentsChanged();
      // An upgrade tops today's daily credits up to the new level at once.
      balanceChanged.current();
    },
    [queryClient, userId, paymentsChanged],
  );

  const purchased = useCallback(
    (outcome: PurchaseOutcome) => {
      paymentsChanged();
      if (outcome.kind === 'credits') later(() => balanceChanged.current(), CREDIT_REFRESH_DELAY_MS);
      else subscriptionChanged(outcome.current);
      const resume = openRequest.current?.then;
      later(() => {
        setRequest(null);
        resume?.();
      }, CLOSE_AFTER_PURCHASE_MS);
    },
    [subscriptionChanged, paymentsChanged],
  );

  const openPurchase = useCallback((next: PurchaseRequest = { tab: 'packages' }) => setRequest(next), []);

  const value = useMemo<BillingContextValue>(
    () => ({ openPurchase, userId, subscriptionChanged, purchased }),
    [openPurchase, userId, subscriptionChanged, purchased],
  );

  return (
    <BillingContext.Provider value={value}>
      {children}
      {userId && request && (
        <Suspense fallback={null}>
          <PurchaseModal key={`${request.tab}:${request.planId ?? ''}`} request={request} onClose={() => setRequest(null)} />
        </Suspense>
      )}
    </BillingContext.Provider>
  );
}
