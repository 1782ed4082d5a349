import { fromMinorUnits } from './money';
import type { LevelRow, PackageRow, PlanRow } from './repo';

/** The catalogue as the API shows it: prices as decimals, each with its currency. */
export const toPackage = (p: PackageRow) => ({
  type: p.type,
  name: p.name,
  credits: p.credits,
  price: fromMinorUnits(p.price_minor),
  currency: p.currency,
  popular: p.popular,
});

export const toPlan = (p: PlanRow) => ({
  id: p.id,
  name: p.name,
  levelType: p.level_type,
  dailyCredits: p.daily_credits,
  features: p.features,
  monthly: p.monthly_price_minor === null ? null : { price: fromMinorUnits(p.monthly_price_minor), currency: p.currency, duration: 30 },
  yearly: p.yearly_price_minor === null ? null : { price: fromMinorUnits(p.yearly_price_minor), currency: p.currency, duration: 365 },
});

export const toLevel = (l: LevelRow) => ({
  levelType: l.level_type,
  name: l.name,
  dailyCredits: l.daily_credits,
  features: l.features,
  description: l.description,
  builtIn: l.built_in,
});
