import { logUnexpectedFailure } from '@/lib/log-failure';
import { confirmPayment } from '../api/confirm-payment';
import { getCurrentSubscription } from '../api/get-current-subscription';
import { subscribe, type SubscribeResult } from '../api/subscribe';
import type { PurchaseOrder, PurchaseOutcome } from '../types/purchase';
import type { AttemptKeys } from './attempt-keys';
import { PurchaseError, purchaseErrorOf } from './purchase-errors';

type PackageOrder = Extract<PurchaseOrder, { kind: 'package' }>;
type PlanOrder = Extract<PurchaseOrder, { kind: 'plan' }>;

/**
 * The card is charged: the server now checks with the processor and adds the credits. If that
 * fails the money is taken but the credits are not shown yet, which the user must be told.
 */
export async function finishPackagePayment(order: PackageOrder, paymentIntentId: string): Promise<PurchaseOutcome> {
  try {
    if (await confirmPayment(paymentIntentId)) return { kind: 'credits', credits: order.pkg.credits };
  } catch (error) {
    console.error('Failed to confirm payment', error);
  }
  throw new PurchaseError('billing.errors.creditsNotAdded');
}

/**
 * Starts the subscription with a payment method (Stripe's id, or the demo test card number).
 * The same request sent again within `attempts` carries its key, so the card is charged once.
 */
export async function subscribeToPlan(order: PlanOrder, paymentMethodId: string, attempts: AttemptKeys): Promise<SubscribeResult> {
  const request = { planId: order.plan.id, billingCycle: order.cycle, autoRenewal: order.autoRenewal, paymentMethodId };
  try {
    const result = await subscribe(request, attempts.keyFor(request));
    attempts.settle(request);
    return result;
  } catch (error) {
    attempts.settle(request, error);
    logUnexpectedFailure('Failed to subscribe', error);
    throw purchaseErrorOf(error, 'billing.errors.subscribe');
  }
}

/** After the card's authentication step the subscription is read back as the server now has it. */
export async function subscriptionAfterAuthentication(): Promise<PurchaseOutcome> {
  try {
    return { kind: 'subscription', current: await getCurrentSubscription() };
  } catch (error) {
    console.error('Failed to read the subscription', error);
    throw new PurchaseError('billing.errors.subscribe');
  }
}
