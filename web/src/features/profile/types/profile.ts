import type { RiskAnswers, RiskProfileId } from '@stockai/contracts';
import type { InvestmentPreferences } from './preferences';

export type MembershipLevel = 'free' | 'vip' | 'premium';
export const MEMBERSHIP_LEVELS: readonly MembershipLevel[] = ['free', 'vip', 'premium'];

/** The account part of GET users/profile. */
export interface ProfileUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  level: MembershipLevel;
}

/** The investor part of GET users/profile: the wizard's choices, the questionnaire's answers and its result. */
export interface InvestorProfile {
  preferences: InvestmentPreferences;
  answers: RiskAnswers;
  riskProfile: RiskProfileId | null;
  riskScore: number | null;
  riskDescription: string | null;
  updatedAt: string | null;
}

export interface ProfileData {
  user: ProfileUser;
  profile: InvestorProfile;
}

export interface BasicInfoUpdate {
  firstName: string;
  lastName: string;
  phone: string | null;
}

type Chosen<T> = { [K in keyof T]?: Exclude<T[K], null> };

/**
 * PUT users/profile accepts any subset, but a field is sent only with a value (the server
 * refuses null for a choice), and the questionnaire's answers only all eight together.
 */
export type ProfileUpdate = Partial<BasicInfoUpdate> & RiskAnswers & Chosen<Omit<InvestmentPreferences, 'age' | 'experience'>>;
