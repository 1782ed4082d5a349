import { createContext, useContext } from 'react';
import { useCurrentSubscription } from '../api/get-current-subscription';
import type { PurchaseOutcome, PurchaseRequest } from '../types/purchase';
import type { CurrentSubscription } from '../types/subscription';

export interface BillingContextValue {
  /** Opens the purchase modal (header, profile upgrade, billing tab, plan list). */
  openPurchase(request?: PurchaseRequest): void;
  /** The signed-in user's id, or null for a visitor: whose subscription `useSubscription` reads. */
  userId: string | null;
  /** A subscription action on the profile changed it: show the new state and re-read the balance. */
  subscriptionChanged(current: CurrentSubscription): void;
  /** A payment went through (or the plan changed): runs the refreshes and timings of spec section 4. */
  purchased(outcome: PurchaseOutcome): void;
}

export const BillingContext = createContext<BillingContextValue | null>(null);

export function useBilling(): BillingContextValue {
  const billing = useContext(BillingContext);
  if (!billing) throw new Error('useBilling must be used inside <BillingProvider>');
  return billing;
}

/**
 * The signed-in user's subscription, shared by the modal, the membership tab and the profile
 * badge: asked for by the screens that show it, not with every page (the search page shows
 * none of it, and its answer's schema would bring zod to the first screen: ADR 70).
 */
export function useSubscription() {
  return useCurrentSubscription(useBilling().userId);
}
