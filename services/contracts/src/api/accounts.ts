import { z } from 'zod';

/** The user as every auth answer shows it (spec section 3). Never the password hash. */
export const publicUser = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(['user', 'admin']),
    level: z.enum(['free', 'vip', 'premium']),
  })
  .meta({ id: 'User' });
export type PublicUser = z.infer<typeof publicUser>;

/** POST auth/register and auth/login: the bearer token to send from now on, and the user. */
export const authSession = z.object({ token: z.string().min(1), user: publicUser }).meta({ id: 'AuthSession' });
export type AuthSession = z.infer<typeof authSession>;

/** GET/PUT users/profile: basic info and the investor profile, lists in both forms. */
export const investorProfile = z
  .object({
    age: z.string().nullable(),
    experience: z.string().nullable(),
    budget: z.string().nullable(),
    term: z.string().nullable(),
    riskType: z.string().nullable(),
    lossTolerance: z.number().int().min(0).max(100),
    goals: z.array(z.string()),
    sectors: z.array(z.string()),
    investmentGoals: z.string().meta({ description: 'The goals as comma-separated text' }),
    preferredSectors: z.string().meta({ description: 'The sectors as comma-separated text' }),
    financialKnowledge: z.string().nullable(),
    investmentGoal: z.string().nullable(),
    investmentHorizon: z.string().nullable(),
    investmentRatio: z.string().nullable(),
    riskTolerance: z.string().nullable(),
    lossReaction: z.string().nullable(),
    riskProfile: z.enum(['conservative', 'stable', 'growth', 'aggressive']).nullable(),
    riskScore: z.number().int().nullable(),
    riskDescription: z.string().nullable(),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'InvestorProfile' });
export const userProfile = z.object({ user: publicUser, profile: investorProfile }).meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfile>;
