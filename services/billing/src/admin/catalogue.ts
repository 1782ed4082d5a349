import type { z } from 'zod';
import { type Database, type Queryable, badRequest, conflict, notFound } from '@stockai/platform';
import { CATALOGUE_CURRENCY, type LevelRow, type PackageRow, type PlanRow, catalogueRepo } from '../catalogue/repo';
import { toLevel, toPackage, toPlan } from '../catalogue/views';
import { fromMinorUnits, minimumCharge, toMinorUnits } from '../catalogue/money';
import type { levelChange, newLevel, newPackage, newPlan, planChange } from './schemas';

/** The plan users fall back to; it is not listed for editing (spec: "the free plan is hidden"). */
const FREE_PLAN = 'free';

const keyed = <T>(rows: T[], key: (row: T) => string) => Object.fromEntries(rows.map((row) => [key(row), row]));

/** A plan has one currency: the monthly and yearly prices must agree with it. */
function planCurrency(
  input: { currency?: string; monthly?: { currency?: string }; yearly?: { currency?: string } },
  current?: string,
): string | undefined {
  const given = [input.currency, input.monthly?.currency, input.yearly?.currency].filter((c): c is string => c !== undefined);
  if (new Set(given).size > 1)
    throw badRequest('currency: a plan has one currency; the monthly and yearly prices must use the same one', 'PLAN_CURRENCIES_DIFFER');
  return given[0] ?? current;
}

/**
 * A price must be one Stripe can charge: at least the currency's minimum charge (money.ts).
 * Plan prices may also be 0 (a plan with no charge for that cycle); a package always costs.
 */
function requireChargeable(field: string, minor: number | null | undefined, currency: string, options: { zeroAllowed: boolean }) {
  if (minor === null || minor === undefined || (minor === 0 && options.zeroAllowed)) return;
  const minimum = minimumCharge(currency);
  if (minor < minimum) {
    const lowest = `${fromMinorUnits(minimum).toFixed(2)} ${currency}`;
    throw badRequest(
      `${field}: must be at least ${lowest}, the lowest amount a card can be charged in ${currency}${options.zeroAllowed ? ' (or 0)' : ''}`,
      'PRICE_BELOW_MINIMUM',
    );
  }
}

async function requireLevel(db: Queryable, levelType: string) {
  if (!(await catalogueRepo.level(db, levelType)))
    throw badRequest(`levelType: there is no user level ${levelType}; add it first`, 'UNKNOWN_LEVEL');
}

/** A delete the database refused because something still refers to the row (e.g. a Stripe product). */
const isReferenced = (err: unknown) => (err as { code?: string }).code === '23503';

/**
 * The catalogue as admins edit it: credit packages (keyed by type), subscription plans (keyed
 * by plan id) and user levels (keyed by level type). Deleting a package keeps its past
 * payments readable (a payment holds its own package type, credits and amount). A plan that
 * was ever subscribed to, and a level a plan grants or a member holds, cannot be deleted: 409
 * with what holds on to it. Level types are free, vip and premium because members' levels and
 * the membership events know only these. A change of a level's daily credits applies from each
 * member's next daily refill (Hong Kong midnight); a change of a plan applies to new
 * subscriptions and to renewals' prices, not to the level of running subscriptions.
 */
export function adminCatalogue(db: Database, defaultCurrency = CATALOGUE_CURRENCY) {
  return {
    async packages() {
      return keyed((await catalogueRepo.packages(db)).map(toPackage), (p) => p.type);
    },
    async addPackage(input: z.infer<typeof newPackage>) {
      const row = { ...input, price_minor: toMinorUnits(input.price), currency: input.currency ?? defaultCurrency };
      const exists = () => conflict(`A package of type ${input.type} already exists`, 'PACKAGE_EXISTS');
      if (await catalogueRepo.package(db, input.type)) throw exists();
      requireChargeable('price', row.price_minor, row.currency, { zeroAllowed: false });
      if (!(await catalogueRepo.insertPackage(db, row))) throw exists();
      return toPackage(row);
    },
    async updatePackage(type: string, input: { name?: string; credits?: number; price?: number; currency?: string; popular?: boolean }) {
      const current = await catalogueRepo.package(db, type);
      if (!current) throw notFound(`There is no package ${type}`, 'PACKAGE_NOT_FOUND');
      if (input.price !== undefined || input.currency !== undefined) {
        requireChargeable(
          'price',
          input.price === undefined ? current.price_minor : toMinorUnits(input.price),
          input.currency ?? current.currency,
          { zeroAllowed: false },
        );
      }
      const changed = await catalogueRepo.updatePackage(db, type, {
        name: input.name,
        credits: input.credits,
        price_minor: input.price === undefined ? undefined : toMinorUnits(input.price),
        currency: input.currency,
        popular: input.popular,
      });
      if (!changed) throw notFound(`There is no package ${type}`, 'PACKAGE_NOT_FOUND');
      return toPackage((await catalogueRepo.package(db, type)) as PackageRow);
    },
    async deletePackage(type: string) {
      if (!(await catalogueRepo.deletePackage(db, type))) throw notFound(`There is no package ${type}`, 'PACKAGE_NOT_FOUND');
    },

    async plans() {
      const plans = (await catalogueRepo.plans(db)).filter((p) => p.id !== FREE_PLAN);
      return keyed(plans.map(toPlan), (p) => p.id);
    },
    async addPlan(input: z.infer<typeof newPlan>) {
      await requireLevel(db, input.levelType);
      const currency = planCurrency(input) ?? defaultCurrency;
      requireChargeable('monthly.price', toMinorUnits(input.monthly.price), currency, { zeroAllowed: true });
      requireChargeable('yearly.price', toMinorUnits(input.yearly.price), currency, { zeroAllowed: true });
      const inserted = await catalogueRepo.insertPlan(db, {
        id: input.planId,
        name: input.name,
        level_type: input.levelType,
        features: input.features,
        monthly_price_minor: toMinorUnits(input.monthly.price),
        yearly_price_minor: toMinorUnits(input.yearly.price),
        currency,
      });
      if (!inserted) throw conflict(`A plan with id ${input.planId} already exists`, 'PLAN_EXISTS');
      return toPlan((await catalogueRepo.plan(db, input.planId)) as PlanRow);
    },
    async updatePlan(planId: string, input: z.infer<typeof planChange>) {
      const current = await catalogueRepo.plan(db, planId);
      if (!current) throw notFound(`There is no subscription plan ${planId}`, 'PLAN_NOT_FOUND');
      if (input.levelType) await requireLevel(db, input.levelType);
      const change = {
        monthly_price_minor: input.monthly && toMinorUnits(input.monthly.price),
        yearly_price_minor: input.yearly && toMinorUnits(input.yearly.price),
        currency: planCurrency(input, current.currency) as string,
      };
      requireChargeable('monthly.price', change.monthly_price_minor ?? current.monthly_price_minor, change.currency, { zeroAllowed: true });
      requireChargeable('yearly.price', change.yearly_price_minor ?? current.yearly_price_minor, change.currency, { zeroAllowed: true });
      await catalogueRepo.updatePlan(db, planId, { name: input.name, level_type: input.levelType, features: input.features, ...change });
      return toPlan((await catalogueRepo.plan(db, planId)) as PlanRow);
    },
    async setPlanPrice(planId: string, cycle: 'monthly' | 'yearly', price: number) {
      const column = cycle === 'monthly' ? 'monthly_price_minor' : 'yearly_price_minor';
      const current = await catalogueRepo.plan(db, planId);
      if (!current) throw notFound(`There is no subscription plan ${planId}`, 'PLAN_NOT_FOUND');
      requireChargeable('price', toMinorUnits(price), current.currency, { zeroAllowed: true });
      await catalogueRepo.updatePlan(db, planId, { [column]: toMinorUnits(price) });
      return toPlan((await catalogueRepo.plan(db, planId)) as PlanRow);
    },
    async deletePlan(planId: string) {
      if (planId === FREE_PLAN)
        throw conflict('The free plan is what members without a subscription have; it cannot be deleted', 'PLAN_BUILT_IN');
      await db
        .transaction(async (tx) => {
          if (!(await catalogueRepo.plan(tx, planId))) throw notFound(`There is no subscription plan ${planId}`, 'PLAN_NOT_FOUND');
          const { active, total } = await catalogueRepo.planSubscriptions(tx, planId);
          if (total > 0) {
            throw conflict(
              `Plan ${planId} has ${total} subscription(s) (${active} active) and is kept for their history; edit it instead of deleting it`,
              'PLAN_IN_USE',
            );
          }
          await catalogueRepo.deletePlan(tx, planId);
        })
        .catch((err: unknown) => {
          if (isReferenced(err))
            throw conflict(`Plan ${planId} is still referenced (by its Stripe product) and cannot be deleted`, 'PLAN_IN_USE');
          throw err;
        });
    },

    async levels() {
      return keyed((await catalogueRepo.levels(db)).map(toLevel), (l) => l.levelType);
    },
    async addLevel(input: z.infer<typeof newLevel>) {
      const row = {
        level_type: input.levelType,
        name: input.name,
        daily_credits: input.dailyCredits,
        features: input.features,
        description: input.description,
      };
      if (!(await catalogueRepo.insertLevel(db, row))) throw conflict(`The user level ${input.levelType} already exists`, 'LEVEL_EXISTS');
      return toLevel((await catalogueRepo.level(db, input.levelType)) as LevelRow);
    },
    async updateLevel(levelType: string, input: z.infer<typeof levelChange>) {
      const changed = await catalogueRepo.updateLevel(db, levelType, {
        name: input.name,
        daily_credits: input.dailyCredits,
        features: input.features,
        description: input.description,
      });
      if (!changed) throw notFound(`There is no user level ${levelType}`, 'LEVEL_NOT_FOUND');
      return toLevel((await catalogueRepo.level(db, levelType)) as LevelRow);
    },
    async deleteLevel(levelType: string) {
      await db.transaction(async (tx) => {
        const level = await catalogueRepo.level(tx, levelType);
        if (!level) throw notFound(`There is no user level ${levelType}`, 'LEVEL_NOT_FOUND');
        if (level.built_in) throw conflict(`The ${levelType} level is built in and cannot be deleted`, 'LEVEL_BUILT_IN');
        // Lock the level so no plan or member takes it up while it goes.
        await catalogueRepo.lockLevel(tx, levelType);
        const { plans, members } = await catalogueRepo.levelUsers(tx, levelType);
        if (plans.length > 0) {
          throw conflict(
            `The ${levelType} level is used by the subscription plan(s) ${plans.join(', ')}; delete those plans or give them another level first`,
            'LEVEL_IN_USE',
          );
        }
        if (members > 0)
          throw conflict(`${members} member(s) are at the ${levelType} level; move them to another level first`, 'LEVEL_IN_USE');
        await catalogueRepo.deleteLevel(tx, levelType);
      });
    },
  };
}

export type AdminCatalogue = ReturnType<typeof adminCatalogue>;
