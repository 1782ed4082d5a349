import type Stripe from 'stripe';
import type { Database } from '@stockai/platform';

/**
 * The Stripe objects billing keeps one of: a customer per user and a product per plan,
 * created on first use and remembered here. Creation carries an idempotency key, so two
 * requests racing to create the same one get the same object from Stripe.
 */
export function stripeCatalogue(db: Database, stripe: Stripe) {
  return {
    async customerFor(userId: string): Promise<string> {
      const known = await db.query<{ customer_id: string }>('SELECT customer_id FROM stripe_customers WHERE user_id = $1', [userId]);
      if (known.rows[0]) return known.rows[0].customer_id;
      const customer = await stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `customer:${userId}` });
      await db.query('INSERT INTO stripe_customers (user_id, customer_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
        userId,
        customer.id,
      ]);
      const { rows } = await db.query<{ customer_id: string }>('SELECT customer_id FROM stripe_customers WHERE user_id = $1', [userId]);
      return (rows[0] as { customer_id: string }).customer_id;
    },

    async userOfCustomer(customerId: string): Promise<string | undefined> {
      const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM stripe_customers WHERE customer_id = $1', [customerId]);
      return rows[0]?.user_id;
    },

    async productFor(plan: { id: string }): Promise<string> {
      const known = await db.query<{ product_id: string }>('SELECT product_id FROM stripe_products WHERE plan_id = $1', [plan.id]);
      if (known.rows[0]) return known.rows[0].product_id;
      const product = await stripe.products.create(
        { name: `StockAI ${plan.id}`, metadata: { planId: plan.id } },
        { idempotencyKey: `product:${plan.id}` },
      );
      await db.query('INSERT INTO stripe_products (plan_id, product_id) VALUES ($1, $2) ON CONFLICT (plan_id) DO NOTHING', [
        plan.id,
        product.id,
      ]);
      const { rows } = await db.query<{ product_id: string }>('SELECT product_id FROM stripe_products WHERE plan_id = $1', [plan.id]);
      return (rows[0] as { product_id: string }).product_id;
    },
  };
}
