import type { Queryable } from '@stockai/platform';

/** The Stripe customer of each user and the Stripe product of each plan, as first created. */
export const stripeObjectsRepo = {
  async customerOf(db: Queryable, userId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ customer_id: string }>('SELECT customer_id FROM stripe_customers WHERE user_id = $1', [userId]);
    return rows[0]?.customer_id;
  },

  /** Remembers the user's customer unless one is known already; the one that is kept. */
  async keepCustomer(db: Queryable, userId: string, customerId: string): Promise<string> {
    await db.query('INSERT INTO stripe_customers (user_id, customer_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
      userId,
      customerId,
    ]);
    return (await stripeObjectsRepo.customerOf(db, userId)) as string;
  },

  async userOfCustomer(db: Queryable, customerId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM stripe_customers WHERE customer_id = $1', [customerId]);
    return rows[0]?.user_id;
  },

  async productOf(db: Queryable, planId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ product_id: string }>('SELECT product_id FROM stripe_products WHERE plan_id = $1', [planId]);
    return rows[0]?.product_id;
  },

  /** Remembers the plan's product unless one is known already; the one that is kept. */
  async keepProduct(db: Queryable, planId: string, productId: string): Promise<string> {
    await db.query('INSERT INTO stripe_products (plan_id, product_id) VALUES ($1, $2) ON CONFLICT (plan_id) DO NOTHING', [
      planId,
      productId,
    ]);
    return (await stripeObjectsRepo.productOf(db, planId)) as string;
  },
};
