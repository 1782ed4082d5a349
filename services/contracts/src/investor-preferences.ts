import { z } from 'zod';

/**
 * The preference wizard's choices (spec user-area.md, "Investment-preference modal"): the
 * term, goals and sectors a user saves with auth and the analysis reads to tailor the advice
 * of the user's own investor type. Stored values: never rename one, add a new one instead.
 */
export const INVESTMENT_TERMS = ['short', 'medium', 'long'] as const;
export const INVESTMENT_GOALS = ['wealth', 'income', 'retirement', 'shortterm'] as const;
export const PREFERRED_SECTORS = ['tech', 'finance', 'healthcare', 'consumer', 'energy', 'realestate'] as const;

export type InvestmentTerm = (typeof INVESTMENT_TERMS)[number];
export type InvestmentGoal = (typeof INVESTMENT_GOALS)[number];
export type PreferredSector = (typeof PREFERRED_SECTORS)[number];

/** What the advice uses: the horizon (the wizard's term, else the questionnaire's horizon), the goals and the sectors. */
export const investorPreferencesSchema = z.object({
  horizon: z.enum(INVESTMENT_TERMS).nullable(),
  goals: z.array(z.enum(INVESTMENT_GOALS)),
  sectors: z.array(z.enum(PREFERRED_SECTORS)),
});
export type InvestorPreferences = z.infer<typeof investorPreferencesSchema>;

/**
 * The risk questionnaire's horizon answer as a term: under a year is short, one to three years
 * medium, longer long. The wizard's own `term` wins when both are saved: it is the question
 * asked about this money's horizon in so many words.
 */
const HORIZON_TERM: Record<string, InvestmentTerm> = { 'less-than-1': 'short', '1-3': 'medium', '3-5': 'long', 'more-than-5': 'long' };

/** A list as the profile carries it: an array, or comma-separated text (`investmentGoals`, `preferredSectors`). */
function listIn<T extends string>(allowed: readonly T[], ...candidates: unknown[]): T[] {
  for (const value of candidates) {
    const items = Array.isArray(value) ? value : typeof value === 'string' && value.trim() !== '' ? value.split(',') : null;
    if (items) return [...new Set(items.map((i) => String(i).trim()).filter((i): i is T => (allowed as readonly string[]).includes(i)))];
  }
  return [];
}

/**
 * The preferences in a profile as auth stores it or as `GET users/profile` returns it (the page
 * sends that back as the start's `userProfile`): `term` or else `investmentHorizon`, `goals`
 * or `investmentGoals`, `sectors` or `preferredSectors`. Unknown values are dropped rather than
 * refused: the profile is whatever the user saved, and the analysis is worth having without it.
 * Null when nothing usable is there.
 */
export function investorPreferencesFrom(profile: unknown): InvestorPreferences | null {
  if (!profile || typeof profile !== 'object') return null;
  const p = profile as Record<string, unknown>;
  const term = typeof p.term === 'string' ? INVESTMENT_TERMS.find((t) => t === p.term) : undefined;
  const horizon = term ?? (typeof p.investmentHorizon === 'string' ? HORIZON_TERM[p.investmentHorizon] : undefined) ?? null;
  const goals = listIn(INVESTMENT_GOALS, p.goals, p.investmentGoals);
  const sectors = listIn(PREFERRED_SECTORS, p.sectors, p.preferredSectors);
  if (horizon === null && goals.length === 0 && sectors.length === 0) return null;
  return { horizon, goals, sectors };
}
