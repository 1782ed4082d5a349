import type Stripe from 'stripe';
import type { Database } from '@stockai/platform';
import { stripeObjectsRepo } from './repo';

/**
 * The Stripe objects billing keeps one of: a customer per user and a product per plan,
 * created on first use and remembered here. Creation carries an idempotency key, so two
 * requests racing to create the same one get the same object from Stripe.
 */
export function stripeCatalogue(db: Database, stripe: Stripe) {
  return {
    async customerFor(userId: string): Promise<string> {
      const known = await stripeObjectsRepo.customerOf(db, userId);
      if (known) return known;
      const customer = await stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `customer:${userId}` });
      return stripeObjectsRepo.keepCustomer(db, userId, customer.id);
    },

    userOfCustomer: (customerId: string): Promise<string | undefined> => stripeObjectsRepo.userOfCustomer(db, customerId),

    async productFor(plan: { id: string }): Promise<string> {
      const known = await stripeObjectsRepo.productOf(db, plan.id);
      if (known) return known;
      const product = await stripe.products.create(
        { name: `StockAI ${plan.id}`, metadata: { planId: plan.id } },
        { idempotencyKey: `product:${plan.id}` },
      );
      return stripeObjectsRepo.keepProduct(db, plan.id, product.id);
    },
  };
}
