import { z } from 'zod';

/**
 * The investment risk questionnaire of the profile page (spec sections 2, 3, 5 and 9): its
 * eight questions, their scoring and the four risk profiles. It is pure and browser-safe
 * because two sides run it: the auth service scores the saved answers (the authoritative
 * riskScore, riskProfile and riskDescription) and the web app shows the same result as a
 * live preview while the user answers.
 *
 * The spec contradicts itself: eight questions scored 0 to 3 reach 24, yet it states a
 * maximum of 21 and the page shows a "score out of 21". We keep every option score as the
 * spec gives it (investment horizon 1, 2, 3, 3; the rest 0 to 3), add them to a raw score of
 * 1 to 24, and report that on the 0–21 scale the user sees: riskScore = round(raw × 21 / 24),
 * halves rounding up (raw 4, 12 and 20 give 4, 11 and 18). The spec's bands (0-6, 7-12,
 * 13-17, 18+) then apply to that 0–21 score. Scaling keeps each band at the share of the
 * range the spec meant; applying the bands to the raw sum would tilt every user toward the
 * riskier profiles (18 of 24 is only three quarters of the way), and showing the raw sum
 * could read "24 out of 21".
 * Because the horizon question never scores 0, the lowest possible riskScore is 1.
 */

export type RiskQuestionField =
  | 'age'
  | 'experience'
  | 'financialKnowledge'
  | 'investmentGoal'
  | 'investmentHorizon'
  | 'investmentRatio'
  | 'riskTolerance'
  | 'lossReaction';

export interface RiskOption {
  /** Stable id stored in the profile; never change one, add a new option instead. */
  readonly value: string;
  readonly label: string;
  readonly score: number;
}

export interface RiskQuestion {
  readonly number: number;
  readonly field: RiskQuestionField;
  readonly question: string;
  readonly options: readonly RiskOption[];
}

/** Ordered as the page asks them: about the investor, about this money, then about losses. */
export const RISK_QUESTIONS = [
  {
    number: 1,
    field: 'age',
    question: '您的年齡屬於以下哪個組別？',
    options: [
      { value: '20-30', label: '20 至 30 歲', score: 3 },
      { value: '31-45', label: '31 至 45 歲', score: 2 },
      { value: '46-60', label: '46 至 60 歲', score: 1 },
      { value: '60+', label: '60 歲以上', score: 0 },
    ],
  },
  {
    number: 2,
    field: 'experience',
    question: '您有多少年投資股票、基金或其他證券的經驗？',
    options: [
      { value: 'none', label: '沒有經驗', score: 0 },
      { value: 'less-than-1', label: '少於 1 年', score: 1 },
      { value: '1-3', label: '1 至 3 年', score: 2 },
      { value: 'more-than-3', label: '3 年以上', score: 3 },
    ],
  },
  {
    number: 3,
    field: 'financialKnowledge',
    question: '您對金融產品及投資市場的認識有多深？',
    options: [
      { value: 'none', label: '認識不多，只接觸過銀行存款', score: 0 },
      { value: 'basic', label: '基本認識，明白基金、債券等產品如何運作', score: 1 },
      { value: 'intermediate', label: '有相當認識，了解股票估值及市場風險', score: 2 },
      { value: 'advanced', label: '認識深入，熟悉衍生工具、槓桿等複雜產品', score: 3 },
    ],
  },
  {
    number: 4,
    field: 'investmentGoal',
    question: '您投資的主要目標是甚麼？',
    options: [
      { value: 'preserve-capital', label: '保本為先，盡量避免虧損', score: 0 },
      { value: 'income', label: '賺取穩定收入，例如股息或利息', score: 1 },
      { value: 'balanced', label: '兼顧穩定收入與資本增值', score: 2 },
      { value: 'growth', label: '追求資本長遠大幅增值', score: 3 },
    ],
  },
  {
    number: 5,
    field: 'investmentHorizon',
    question: '您預計這筆資金會投資多久？',
    // The spec scores these 1, 2, 3, 3: beyond three years the horizon adds no more risk capacity.
    options: [
      { value: 'less-than-1', label: '少於 1 年', score: 1 },
      { value: '1-3', label: '1 至 3 年', score: 2 },
      { value: '3-5', label: '3 至 5 年', score: 3 },
      { value: 'more-than-5', label: '5 年以上', score: 3 },
    ],
  },
  {
    number: 6,
    field: 'investmentRatio',
    question: '您打算投資的金額約佔您流動資產（不包括自住物業）的多少？',
    options: [
      { value: 'less-than-10', label: '少於 10%', score: 0 },
      { value: '10-25', label: '10% 至 25%', score: 1 },
      { value: '25-50', label: '25% 至 50%', score: 2 },
      { value: 'more-than-50', label: '50% 以上', score: 3 },
    ],
  },
  {
    number: 7,
    field: 'riskTolerance',
    question: '在一年內，您最多可以接受這筆投資下跌多少？',
    options: [
      { value: 'no-loss', label: '不能接受任何虧損', score: 0 },
      { value: 'up-to-10', label: '10% 以內', score: 1 },
      { value: '10-25', label: '10% 至 25%', score: 2 },
      { value: 'more-than-25', label: '25% 以上', score: 3 },
    ],
  },
  {
    number: 8,
    field: 'lossReaction',
    question: '假如您的投資在一個月內下跌 20%，您會怎樣做？',
    options: [
      { value: 'sell-all', label: '全部沽出，避免進一步虧損', score: 0 },
      { value: 'sell-some', label: '沽出部分，減低風險', score: 1 },
      { value: 'hold', label: '繼續持有，等待回升', score: 2 },
      { value: 'buy-more', label: '趁低吸納，增加投資', score: 3 },
    ],
  },
] as const satisfies readonly RiskQuestion[];

/** The same questions, typed loosely so one loop can walk options of different questions. */
const questions: readonly RiskQuestion[] = RISK_QUESTIONS;

/** The highest riskScore, the "out of 21" the page shows. */
export const RISK_SCORE_MAX = 21;

const RAW_SCORE_MAX = questions.reduce((sum, q) => sum + Math.max(...q.options.map((o) => o.score)), 0);

export type RiskProfileId = 'conservative' | 'stable' | 'growth' | 'aggressive';

export interface RiskProfile {
  readonly id: RiskProfileId;
  readonly name: string;
  readonly minScore: number;
  readonly maxScore: number;
  /** The share of the portfolio in stocks that suits the profile. */
  readonly stockAllocation: string;
  readonly description: string;
}

/** Listed from the most cautious; the score ranges are contiguous and cover 0 to 21. */
export const RISK_PROFILES: Readonly<Record<RiskProfileId, RiskProfile>> = {
  conservative: {
    id: 'conservative',
    name: '保守型',
    minScore: 0,
    maxScore: 6,
    stockAllocation: '0-30%',
    description: '您重視保本，對虧損的承受能力較低。建議股票佔投資組合約 0-30%，其餘以存款、債券等較穩定的資產為主。',
  },
  stable: {
    id: 'stable',
    name: '穩健型',
    minScore: 7,
    maxScore: 12,
    stockAllocation: '30-50%',
    description: '您願意承擔適度風險，以換取較穩定的回報。建議股票佔投資組合約 30-50%，並配以債券等收益資產平衡波動。',
  },
  growth: {
    id: 'growth',
    name: '成長型',
    minScore: 13,
    maxScore: 17,
    stockAllocation: '50-70%',
    description: '您追求資本增值，能承受較明顯的市場波動。建議股票佔投資組合約 50-70%，以長線持有為主。',
  },
  aggressive: {
    id: 'aggressive',
    name: '進取型',
    minScore: 18,
    maxScore: RISK_SCORE_MAX,
    stockAllocation: '70-100%',
    description: '您追求較高回報，能承受大幅波動及短期虧損。建議股票佔投資組合約 70-100%，並注意分散投資。',
  },
};

/** Answers as they arrive from a form or a stored profile: any may be absent or stale. */
export type RiskAnswers = Partial<Record<RiskQuestionField, string>>;

export type RiskAssessment =
  { complete: false; missing: number[] } | { complete: true; riskScore: number; riskProfile: RiskProfileId; riskDescription: string };

function chosenOption(question: RiskQuestion, answers: RiskAnswers): RiskOption | undefined {
  const value = answers[question.field];
  return question.options.find((option) => option.value === value);
}

/** The numbers of the questions without a valid answer, ascending; a value no option has counts as missing. */
export function missingRiskAnswers(answers: RiskAnswers): number[] {
  return questions.filter((q) => chosenOption(q, answers) === undefined).map((q) => q.number);
}

/** The profile whose band holds a riskScore (an integer from 0 to 21). */
export function riskProfileFor(score: number): RiskProfile {
  const profile = Object.values(RISK_PROFILES).find((p) => score >= p.minScore && score <= p.maxScore);
  if (!Number.isInteger(score) || profile === undefined) {
    throw new RangeError(`risk score must be an integer from 0 to ${RISK_SCORE_MAX}, got ${score}`);
  }
  return profile;
}

/** Scores a completed questionnaire; an incomplete one yields the question numbers still to answer. */
export function scoreRiskAnswers(answers: RiskAnswers): RiskAssessment {
  const missing = missingRiskAnswers(answers);
  if (missing.length > 0) return { complete: false, missing };

  const raw = questions.reduce((sum, q) => sum + (chosenOption(q, answers)?.score ?? 0), 0);
  const riskScore = Math.round((raw * RISK_SCORE_MAX) / RAW_SCORE_MAX);
  const profile = riskProfileFor(riskScore);
  return { complete: true, riskScore, riskProfile: profile.id, riskDescription: profile.description };
}

type QuestionFor<F extends RiskQuestionField> = Extract<(typeof RISK_QUESTIONS)[number], { field: F }>;
export type RiskOptionValue<F extends RiskQuestionField> = QuestionFor<F>['options'][number]['value'];

function optionValues<F extends RiskQuestionField>(field: F) {
  return questions.filter((q) => q.field === field).flatMap((q) => q.options.map((o) => o.value)) as [
    RiskOptionValue<F>,
    ...RiskOptionValue<F>[],
  ];
}

/** A complete set of answers, each one of its question's option values; anything else is rejected. */
export const riskAnswersSchema = z.object({
  age: z.enum(optionValues('age')),
  experience: z.enum(optionValues('experience')),
  financialKnowledge: z.enum(optionValues('financialKnowledge')),
  investmentGoal: z.enum(optionValues('investmentGoal')),
  investmentHorizon: z.enum(optionValues('investmentHorizon')),
  investmentRatio: z.enum(optionValues('investmentRatio')),
  riskTolerance: z.enum(optionValues('riskTolerance')),
  lossReaction: z.enum(optionValues('lossReaction')),
});
export type CompleteRiskAnswers = z.infer<typeof riskAnswersSchema>;
