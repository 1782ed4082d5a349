import {
  RISK_PROFILES,
  RISK_QUESTIONS,
  type InvestorProfileFields,
  type ProfileResponse,
  type RiskAnswers,
  type RiskProfileId,
} from '@stockai/contracts';
import {
  AGE_BANDS,
  BUDGETS,
  EXPERIENCE_LEVELS,
  GOALS,
  LOSS_TOLERANCE_DEFAULT,
  LOSS_TOLERANCE_MAX,
  LOSS_TOLERANCE_MIN,
  RISK_TYPES,
  SECTORS,
  TERMS,
  type InvestmentPreferences,
} from '../types/preferences';
import type { ProfileData } from '../types/profile';

/** The value when it is one of the allowed ones; anything else (null, stale ids) reads as not chosen. */
function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | null {
  return allowed.includes(value as T) ? (value as T) : null;
}

function someOf<T extends string>(allowed: readonly T[], value: unknown): T[] {
  return Array.isArray(value) ? allowed.filter((item) => value.includes(item)) : [];
}

function lossTolerance(value: number): number {
  if (!Number.isFinite(value)) return LOSS_TOLERANCE_DEFAULT;
  return Math.min(LOSS_TOLERANCE_MAX, Math.max(LOSS_TOLERANCE_MIN, Math.round(value)));
}

function preferencesOf(profile: InvestorProfileFields): InvestmentPreferences {
  return {
    age: oneOf(AGE_BANDS, profile.age),
    experience: oneOf(EXPERIENCE_LEVELS, profile.experience),
    budget: oneOf(BUDGETS, profile.budget),
    term: oneOf(TERMS, profile.term),
    goals: someOf(GOALS, profile.goals),
    sectors: someOf(SECTORS, profile.sectors),
    lossTolerance: lossTolerance(profile.lossTolerance),
    riskType: oneOf(RISK_TYPES, profile.riskType),
  };
}

function answersOf(profile: InvestorProfileFields): RiskAnswers {
  const answers: RiskAnswers = {};
  for (const { field } of RISK_QUESTIONS) {
    const value = (profile as Record<string, unknown>)[field];
    if (typeof value === 'string' && value) answers[field] = value;
  }
  return answers;
}

/**
 * The `{ user, profile }` answer of GET and PUT users/profile as the screens use it: stored
 * choice ids the app no longer offers read as not chosen, so a retired option never shows.
 */
export function toProfileData({ user, profile }: ProfileResponse): ProfileData {
  const riskProfile =
    profile.riskProfile !== null && Object.hasOwn(RISK_PROFILES, profile.riskProfile) ? (profile.riskProfile as RiskProfileId) : null;
  return {
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone || null,
      level: user.level,
    },
    profile: {
      preferences: preferencesOf(profile),
      answers: answersOf(profile),
      riskProfile,
      riskScore: profile.riskScore,
      riskDescription: profile.riskDescription || null,
      updatedAt: profile.updatedAt,
    },
  };
}
