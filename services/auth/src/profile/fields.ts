import { z } from 'zod';
import {
  INVESTMENT_GOALS,
  INVESTMENT_TERMS,
  PREFERRED_SECTORS,
  RISK_QUESTIONS,
  type RiskQuestionField,
  riskAnswersSchema,
} from '@stockai/contracts';

/**
 * The investor profile's fields (spec section 3 "Profile" and "Investment profile (modal)").
 * The profile page and the preference wizard share some (age, experience); goals and sectors
 * arrive as lists, as JSON text or as comma-separated text (the spec's two save paths) and are
 * stored as lists; they are answered in both forms, as `goals`/`sectors` lists and as
 * `investmentGoals`/`preferredSectors` text.
 */
export const GOALS = INVESTMENT_GOALS;
export const SECTORS = PREFERRED_SECTORS;
export const BUDGETS = ['under50k', '50k-200k', '200k-500k', 'over500k'] as const;
export const TERMS = INVESTMENT_TERMS;
export const RISK_TYPES = ['conservative', 'stable', 'growth', 'aggressive'] as const;
export const LOSS_TOLERANCE_DEFAULT = 50;

/** The questions only the risk questionnaire asks (the wizard asks age and experience too). */
export const QUESTIONNAIRE_ONLY: readonly RiskQuestionField[] = RISK_QUESTIONS.map((q) => q.field).filter(
  (field) => field !== 'age' && field !== 'experience',
);

/** A list given as an array, JSON text (`["a","b"]`) or comma-separated text (`a,b`). */
function listOf<T extends string>(values: readonly [T, ...T[]]) {
  const item = z.enum(values, { message: `must be some of ${values.join(', ')}` });
  return z.preprocess(
    (input) => {
      if (typeof input !== 'string') return input;
      const text = input.trim();
      if (text.startsWith('[')) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return input;
        }
      }
      return text
        ? text
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : [];
    },
    z
      .array(item, { message: 'must be a list' })
      .max(values.length)
      .transform((list) => [...new Set(list)]),
  );
}

const answer = riskAnswersSchema.shape;

/** What PUT users/profile accepts; every field optional, unknown fields refused. */
export const profileUpdateSchema = z
  .object({
    firstName: z.string().trim().min(1, 'cannot be empty').max(100),
    lastName: z.string().trim().min(1, 'cannot be empty').max(100),
    phone: z
      .string()
      .trim()
      .max(30)
      .regex(/^[+\d\s()-]*$/, 'may contain only digits, spaces and + ( ) -')
      .nullable()
      .transform((v) => (v ? v : null)),
    /** Read-only: accepted only unchanged, so a form may send the whole user back. */
    email: z.string(),
    age: answer.age,
    experience: answer.experience,
    financialKnowledge: answer.financialKnowledge,
    investmentGoal: answer.investmentGoal,
    investmentHorizon: answer.investmentHorizon,
    investmentRatio: answer.investmentRatio,
    riskTolerance: answer.riskTolerance,
    lossReaction: answer.lossReaction,
    budget: z.enum(BUDGETS),
    term: z.enum(TERMS),
    riskType: z.enum(RISK_TYPES),
    lossTolerance: z.coerce.number().int('must be a whole number').min(0).max(100),
    goals: listOf(GOALS),
    investmentGoals: listOf(GOALS),
    sectors: listOf(SECTORS),
    preferredSectors: listOf(SECTORS),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** What is stored in profiles.fields. */
export interface StoredFields extends Partial<Record<RiskQuestionField, string>> {
  budget?: string;
  term?: string;
  riskType?: string;
  lossTolerance?: number;
  goals?: string[];
  sectors?: string[];
}
