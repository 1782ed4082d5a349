import { confirmPayment } from '../api/confirm-payment';
import { getCurrentSubscription } from '../api/get-current-subscription';
import { subscribe, type SubscribeResult } from '../api/subscribe';
import type { PurchaseOrder, PurchaseOutcome } from '../types/purchase';
import { PurchaseError, cardErrorOf } from './purchase-errors';

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

/** Starts the subscription with a payment method (Stripe's id, or the demo test card number). */
export async function subscribeToPlan(order: PlanOrder, paymentMethodId: string): Promise<SubscribeResult> {
  try {
    return await subscribe({ planId: order.plan.id, billingCycle: order.cycle, autoRenewal: order.autoRenewal, paymentMethodId });
  } catch (error) {
    console.error('Failed to subscribe', error);
    const cardError = cardErrorOf(error);
    if (cardError?.key === 'billing.card.declined') throw cardError;
    throw new PurchaseError('billing.errors.subscribe');
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
