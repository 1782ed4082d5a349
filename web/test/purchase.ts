import { createPaymentIntent } from '@/features/billing/api/create-payment-intent';
import { confirmPayment } from '@/features/billing/api/confirm-payment';
import { payWithDemoCard } from '@/features/billing/api/demo-card';
import { getPackages } from '@/features/billing/api/get-packages';

/** The demo processor's card that always succeeds (billing's payments/processor.ts). */
export const SUCCEEDING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

/** Buys `packageType` for the signed-in user the way the purchase modal does, with the demo card. */
export async function buyPackage(packageType: string): Promise<void> {
  const intent = await createPaymentIntent(packageType, crypto.randomUUID());
  await payWithDemoCard({ ...intent, cardNumber: SUCCEEDING_CARD });
  if (!(await confirmPayment(intent.paymentIntentId))) throw new Error(`the ${packageType} purchase was not completed`);
}

/** Buys the catalogue's smallest package; resolves with the credits it added. */
export async function buySmallestPackage(): Promise<number> {
  const [smallest] = await getPackages();
  if (!smallest) throw new Error('the catalogue has no package');
  await buyPackage(smallest.type);
  return smallest.credits;
}
