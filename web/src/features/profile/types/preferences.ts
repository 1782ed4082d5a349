import type { RiskOptionValue, RiskProfileId } from '@stockai/contracts';

/**
 * The choices of the four-step investment-preference wizard (spec section 2). Age and
 * experience share their option values with the risk questionnaire, so either screen can set
 * them and the other shows the same answer.
 */
export const AGE_BANDS = ['20-30', '31-45', '46-60', '60+'] as const satisfies readonly RiskOptionValue<'age'>[];
export const EXPERIENCE_LEVELS = ['none', 'less-than-1', '1-3', 'more-than-3'] as const satisfies readonly RiskOptionValue<'experience'>[];
export const BUDGETS = ['under50k', '50k-200k', '200k-500k', 'over500k'] as const;
export const TERMS = ['short', 'medium', 'long'] as const;
export const GOALS = ['wealth', 'income', 'retirement', 'shortterm'] as const;
export const SECTORS = ['tech', 'finance', 'healthcare', 'consumer', 'energy', 'realestate'] as const;
export const RISK_TYPES = ['conservative', 'stable', 'growth', 'aggressive'] as const satisfies readonly RiskProfileId[];

export type AgeBand = (typeof AGE_BANDS)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export type Budget = (typeof BUDGETS)[number];
export type Term = (typeof TERMS)[number];
export type Goal = (typeof GOALS)[number];
export type Sector = (typeof SECTORS)[number];
export type RiskType = (typeof RISK_TYPES)[number];

/** The loss-tolerance slider runs from 0 to 100 percent and starts at 50 (spec section 9). */
export const LOSS_TOLERANCE_MIN = 0;
export const LOSS_TOLERANCE_MAX = 100;
export const LOSS_TOLERANCE_DEFAULT = 50;

/**
 * How the user would feel about a sharp fall; each answer is a preset that moves the slider to
 * a point inside its quarter of the range, and the slider then fine-tunes it.
 */
export const LOSS_REACTIONS = [
  { id: 'very-anxious', tolerance: 10 },
  { id: 'worried', tolerance: 30 },
  { id: 'acceptable', tolerance: 60 },
  { id: 'opportunity', tolerance: 90 },
] as const;
export type LossReaction = (typeof LOSS_REACTIONS)[number]['id'];

/** What the wizard asks and saves; null or empty means not chosen yet. */
export interface InvestmentPreferences {
  age: AgeBand | null;
  experience: ExperienceLevel | null;
  budget: Budget | null;
  term: Term | null;
  goals: Goal[];
  sectors: Sector[];
  lossTolerance: number;
  riskType: RiskType | null;
}
