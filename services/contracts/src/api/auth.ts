import { z } from 'zod';

/**
 * Auth's public answers as the web app reads them (`auth/*`, `users/profile`). The services
 * build these objects; the web parses them with these schemas, so a drift shows as one clear
 * INVALID_RESPONSE instead of a screen quietly showing defaults.
 */

export const userRole = z.enum(['user', 'admin']);
export const membershipLevel = z.enum(['free', 'vip', 'premium']);
export type MembershipLevel = z.infer<typeof membershipLevel>;

export const publicUser = z
  .object({
    id: z.string().min(1),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: userRole,
    level: membershipLevel,
  })
  .meta({ id: 'User' });
export type PublicUser = z.infer<typeof publicUser>;

/** POST auth/login, auth/register (and the Google callback's token). */
export const authSessionResponse = z.object({ token: z.string().min(1), user: publicUser }).meta({ id: 'AuthSession' });
export type AuthSessionResponse = z.infer<typeof authSessionResponse>;

/** GET auth/verify. */
export const verifyResponse = z.object({ user: publicUser });

/** PUT auth/change-password: every older token is revoked, this one included. */
export const changePasswordResponse = z.object({ token: z.string().min(1) });

/** GET auth/verify-reset-token/{token}. */
export const resetTokenResponse = z.object({ valid: z.literal(true), email: z.string() });

/**
 * The stored investor profile of GET/PUT users/profile. Choices are ids the web app knows;
 * null (or an id retired since) reads as not chosen.
 */
export const investorProfileFields = z.object({
  age: z.string().nullable(),
  experience: z.string().nullable(),
  budget: z.string().nullable(),
  term: z.string().nullable(),
  riskType: z.string().nullable(),
  lossTolerance: z.number(),
  goals: z.array(z.string()),
  sectors: z.array(z.string()),
  /** The goals and sectors again as comma-separated text (the spec's other save path). */
  investmentGoals: z.string(),
  preferredSectors: z.string(),
  financialKnowledge: z.string().nullable(),
  investmentGoal: z.string().nullable(),
  investmentHorizon: z.string().nullable(),
  investmentRatio: z.string().nullable(),
  riskTolerance: z.string().nullable(),
  lossReaction: z.string().nullable(),
  riskProfile: z.string().nullable(),
  riskScore: z.number().nullable(),
  riskDescription: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type InvestorProfileFields = z.infer<typeof investorProfileFields>;

export const profileResponse = z.object({ user: publicUser, profile: investorProfileFields }).meta({ id: 'UserProfile' });
export type ProfileResponse = z.infer<typeof profileResponse>;

/** GET auth/providers: the sign-in methods this server offers (Google only when configured). */
export const authProvidersResponse = z.object({ password: z.boolean(), google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponse>;
