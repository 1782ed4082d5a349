import { RISK_PROFILES, RISK_QUESTIONS, type RiskAnswers, type RiskProfileId } from '@stockai/contracts';
import { ApiError } from '@/lib/api-client';
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
import { MEMBERSHIP_LEVELS, type MembershipLevel, type ProfileData } from '../types/profile';

type Fields = Record<string, unknown>;

function record(value: unknown): Fields | null {
  return typeof value === 'object' && value !== null ? (value as Fields) : null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The value when it is one of the allowed ones; anything else (null, stale ids) reads as not chosen. */
function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | null {
  return allowed.includes(value as T) ? (value as T) : null;
}

function someOf<T extends string>(allowed: readonly T[], value: unknown): T[] {
  return Array.isArray(value) ? allowed.filter((item) => value.includes(item)) : [];
}

function lossTolerance(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return LOSS_TOLERANCE_DEFAULT;
  return Math.min(LOSS_TOLERANCE_MAX, Math.max(LOSS_TOLERANCE_MIN, Math.round(number)));
}

function preferencesOf(profile: Fields): InvestmentPreferences {
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

function answersOf(profile: Fields): RiskAnswers {
  const answers: RiskAnswers = {};
  for (const { field } of RISK_QUESTIONS) {
    const value = profile[field];
    if (typeof value === 'string' && value) answers[field] = value;
  }
  return answers;
}

/** The `{ user, profile }` answer of GET and PUT users/profile. */
export function parseProfileData(raw: unknown): ProfileData {
  const data = record(raw);
  const user = record(data?.user);
  if (!user || user.id === undefined || user.id === null || typeof user.email !== 'string') {
    throw new ApiError('Failed to parse server response', 200, 'PARSE_ERROR');
  }
  const profile = record(data?.profile) ?? {};
  const riskProfile = Object.hasOwn(RISK_PROFILES, text(profile.riskProfile)) ? (profile.riskProfile as RiskProfileId) : null;
  return {
    user: {
      id: String(user.id),
      firstName: text(user.firstName),
      lastName: text(user.lastName),
      email: user.email,
      phone: text(user.phone) || null,
      level: oneOf<MembershipLevel>(MEMBERSHIP_LEVELS, user.level) ?? 'free',
    },
    profile: {
      preferences: preferencesOf(profile),
      answers: answersOf(profile),
      riskProfile,
      riskScore: typeof profile.riskScore === 'number' ? profile.riskScore : null,
      riskDescription: text(profile.riskDescription) || null,
      updatedAt: text(profile.updatedAt) || null,
    },
  };
}
