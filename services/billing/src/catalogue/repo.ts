import type { Queryable } from '@stockai/platform';

/** The currency of new catalogue prices when an admin names none (`BILLING_CURRENCY`). */
export const CATALOGUE_CURRENCY = 'HKD';

export type LevelType = 'free' | 'vip' | 'premium';

export interface PackageRow {
  type: string;
  name: string;
  credits: number;
  price_minor: number;
  currency: string;
  popular: boolean;
}

export interface PlanRow {
  id: string;
  name: string;
  level_type: LevelType;
  features: string[];
  monthly_price_minor: number | null;
  yearly_price_minor: number | null;
  currency: string;
  daily_credits: number;
}

export interface LevelRow {
  level_type: LevelType;
  name: string;
  daily_credits: number;
  features: string[];
  description: string;
  built_in: boolean;
}

const PLAN_SELECT = `SELECT p.id, p.name, p.level_type, p.features, p.monthly_price_minor, p.yearly_price_minor, p.currency, l.daily_credits
  FROM subscription_plans p JOIN user_levels l ON l.level_type = p.level_type`;

/** Assigns the given columns only (a partial edit); `columns` names come from code, never from input. */
function setClause(columns: Record<string, unknown>, firstParam: number): { sql: string; values: unknown[] } {
  const entries = Object.entries(columns).filter(([, value]) => value !== undefined);
  return {
    sql: entries.map(([column, value], i) => `${column} = $${firstParam + i}${Array.isArray(value) ? '::text::jsonb' : ''}`).join(', '),
    values: entries.map(([, value]) => (Array.isArray(value) ? JSON.stringify(value) : value)),
  };
}

async function update(db: Queryable, table: string, key: string, id: string, columns: Record<string, unknown>): Promise<boolean> {
  const { sql, values } = setClause(columns, 2);
  if (!sql) return (await db.query(`SELECT 1 FROM ${table} WHERE ${key} = $1`, [id])).rowCount === 1;
  return (await db.query(`UPDATE ${table} SET ${sql} WHERE ${key} = $1`, [id, ...values])).rowCount === 1;
}

/** The catalogue's SQL: credit packages, subscription plans and user levels. */
export const catalogueRepo = {
  async packages(db: Queryable): Promise<PackageRow[]> {
    return (
      await db.query<PackageRow>('SELECT type, name, credits, price_minor, currency, popular FROM credit_packages ORDER BY credits, type')
    ).rows;
  },
  async package(db: Queryable, type: string): Promise<PackageRow | undefined> {
    return (
      await db.query<PackageRow>('SELECT type, name, credits, price_minor, currency, popular FROM credit_packages WHERE type = $1', [type])
    ).rows[0];
  },
  /** False when the type is taken. */
  async insertPackage(db: Queryable, p: PackageRow): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO credit_packages (type, name, credits, price_minor, currency, popular) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (type) DO NOTHING`,
      [p.type, p.name, p.credits, p.price_minor, p.currency, p.popular],
    );
    return rowCount === 1;
  },
  updatePackage: (db: Queryable, type: string, columns: Partial<Omit<PackageRow, 'type'>>) =>
    update(db, 'credit_packages', 'type', type, columns),
  async deletePackage(db: Queryable, type: string): Promise<boolean> {
    return (await db.query('DELETE FROM credit_packages WHERE type = $1', [type])).rowCount === 1;
  },

  async plans(db: Queryable): Promise<PlanRow[]> {
    return (await db.query<PlanRow>(`${PLAN_SELECT} ORDER BY COALESCE(p.monthly_price_minor, p.yearly_price_minor / 10, 0), p.id`)).rows;
  },
  async plan(db: Queryable, id: string): Promise<PlanRow | undefined> {
    return (await db.query<PlanRow>(`${PLAN_SELECT} WHERE p.id = $1`, [id])).rows[0];
  },
  /** False when the plan id is taken. */
  async insertPlan(db: Queryable, p: Omit<PlanRow, 'daily_credits'>): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO subscription_plans (id, name, level_type, features, monthly_price_minor, yearly_price_minor, currency)
       VALUES ($1, $2, $3, $4::text::jsonb, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [p.id, p.name, p.level_type, JSON.stringify(p.features), p.monthly_price_minor, p.yearly_price_minor, p.currency],
    );
    return rowCount === 1;
  },
  updatePlan: (db: Queryable, id: string, columns: Partial<Omit<PlanRow, 'id' | 'daily_credits'>>) =>
    update(db, 'subscription_plans', 'id', id, columns),
  async deletePlan(db: Queryable, id: string): Promise<boolean> {
    return (await db.query('DELETE FROM subscription_plans WHERE id = $1', [id])).rowCount === 1;
  },
  /** How many subscriptions, active and in all, were ever taken on the plan. */
  async planSubscriptions(db: Queryable, id: string): Promise<{ active: number; total: number }> {
    const { rows } = await db.query<{ active: number; total: number }>(
      "SELECT count(*) FILTER (WHERE status = 'active')::int AS active, count(*)::int AS total FROM subscriptions WHERE plan_id = $1",
      [id],
    );
    return rows[0] ?? { active: 0, total: 0 };
  },

  async levels(db: Queryable): Promise<LevelRow[]> {
    return (await db.query<LevelRow>('SELECT * FROM user_levels ORDER BY daily_credits, level_type')).rows;
  },
  async level(db: Queryable, levelType: string): Promise<LevelRow | undefined> {
    return (await db.query<LevelRow>('SELECT * FROM user_levels WHERE level_type = $1', [levelType])).rows[0];
  },
  /** False when the level type is taken. */
  async insertLevel(db: Queryable, l: Omit<LevelRow, 'built_in'>): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO user_levels (level_type, name, daily_credits, features, description) VALUES ($1, $2, $3, $4::text::jsonb, $5)
       ON CONFLICT (level_type) DO NOTHING`,
      [l.level_type, l.name, l.daily_credits, JSON.stringify(l.features), l.description],
    );
    return rowCount === 1;
  },
  updateLevel: (db: Queryable, levelType: string, columns: Partial<Omit<LevelRow, 'level_type' | 'built_in'>>) =>
    update(db, 'user_levels', 'level_type', levelType, columns),
  async deleteLevel(db: Queryable, levelType: string): Promise<boolean> {
    return (await db.query('DELETE FROM user_levels WHERE level_type = $1', [levelType])).rowCount === 1;
  },
  async lockLevel(tx: Queryable, levelType: string): Promise<void> {
    await tx.query('SELECT 1 FROM user_levels WHERE level_type = $1 FOR UPDATE', [levelType]);
  },
  /** What holds on to a level: the plans that grant it and the members at it. */
  async levelUsers(db: Queryable, levelType: string): Promise<{ plans: string[]; members: number }> {
    const plans = await db.query<{ id: string }>('SELECT id FROM subscription_plans WHERE level_type = $1 ORDER BY id', [levelType]);
    const members = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_accounts WHERE level = $1', [levelType]);
    return { plans: plans.rows.map((r) => r.id), members: members.rows[0]?.n ?? 0 };
  },
};
