import { Router } from 'express';
import type { Database } from '@stockai/platform';

interface PackageRow {
  type: string;
  name: string;
  credits: number;
  price: string;
  currency: string;
  popular: boolean;
}

interface PlanRow {
  id: string;
  name: string;
  level_type: string;
  features: string[];
  monthly_price: string | null;
  yearly_price: string | null;
  currency: string;
  daily_credits: number;
}

/** Prices are stored as numeric (exact) and shown as numbers with their currency. */
const amount = (value: string | null) => (value === null ? null : Number(value));

/**
 * The catalogue, public (visitors may look at prices): credit packages keyed by type, ordered
 * by credits, and subscription plans keyed by plan id. Each price comes with its currency.
 */
export function catalogueRoutes(db: Database): Router {
  const router = Router();

  router.get('/api/payments/packages', async (_req, res) => {
    const { rows } = await db.query<PackageRow>('SELECT * FROM credit_packages ORDER BY credits, type');
    res.json({
      success: true,
      packages: Object.fromEntries(
        rows.map((p) => [p.type, { type: p.type, name: p.name, credits: p.credits, price: Number(p.price), currency: p.currency, popular: p.popular }]),
      ),
    });
  });

  router.get('/api/subscriptions/plans', async (_req, res) => {
    const { rows } = await db.query<PlanRow>(
      `SELECT p.*, l.daily_credits FROM subscription_plans p JOIN user_levels l ON l.level_type = p.level_type
       ORDER BY COALESCE(p.monthly_price, p.yearly_price / 10, 0), p.id`,
    );
    res.json({
      success: true,
      plans: Object.fromEntries(
        rows.map((p) => [
          p.id,
          {
            id: p.id,
            name: p.name,
            levelType: p.level_type,
            dailyCredits: p.daily_credits,
            features: p.features,
            monthly: p.monthly_price === null ? null : { price: amount(p.monthly_price), currency: p.currency, duration: 30 },
            yearly: p.yearly_price === null ? null : { price: amount(p.yearly_price), currency: p.currency, duration: 365 },
          },
        ]),
      ),
    });
  });

  return router;
}
