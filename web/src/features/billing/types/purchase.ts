import type { BillingCycle, CreditPackage, Money, SubscriptionPlan } from './catalogue';
import type { PackageIntent } from './payment';
import type { CurrentSubscription } from './subscription';

/** What the card form pays for. */
export type PurchaseOrder =
  /** `intent` is null while it is being created: the pay button waits for its client secret. */
  | { kind: 'package'; pkg: CreditPackage; intent: PackageIntent | null }
  | { kind: 'plan'; plan: SubscriptionPlan; cycle: BillingCycle; price: Money; autoRenewal: boolean };

export type PurchaseOutcome = { kind: 'credits'; credits: number } | { kind: 'subscription'; current: CurrentSubscription };

export type PurchaseTab = 'packages' | 'plans';

/** How a button asks for the purchase modal: which tab, optionally a plan already chosen. */
export interface PurchaseRequest {
  tab: PurchaseTab;
  planId?: string;
  cycle?: BillingCycle;
  /** What the user was doing when they ran out of credits, resumed once a payment went through. */
  then?: () => void;
}

/** Props every card form (demo or Stripe) takes. */
export interface CardFormProps {
  order: PurchaseOrder;
  submitLabel: string;
  onPaid(outcome: PurchaseOutcome): void;
}
