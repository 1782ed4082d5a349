import {
  RISK_PROFILES,
  RISK_QUESTIONS,
  RISK_SCORE_MAX,
  missingRiskAnswers,
  riskAnswersSchema,
  riskProfileFor,
  scoreRiskAnswers,
  type RiskAnswers,
  type RiskQuestion,
} from './risk-questionnaire';

const questions: readonly RiskQuestion[] = RISK_QUESTIONS;

function scores(q: RiskQuestion): number[] {
  return q.options.map((o) => o.score);
}

function answersScoring(pick: (q: RiskQuestion) => number): RiskAnswers {
  return Object.fromEntries(
    questions.map((q) => {
      const score = pick(q);
      return [q.field, q.options.find((o) => o.score === score)?.value];
    }),
  ) as RiskAnswers;
}

const lowest = answersScoring((q) => Math.min(...scores(q)));
const highest = answersScoring((q) => Math.max(...scores(q)));

/** Answers whose option scores add up to `raw`, raising questions in order from their lowest option. */
function answersWithRawScore(raw: number): RiskAnswers {
  let remaining = raw - questions.reduce((sum, q) => sum + Math.min(...scores(q)), 0);
  return answersScoring((q) => {
    const min = Math.min(...scores(q));
    const raise = Math.min(remaining, Math.max(...scores(q)) - min);
    remaining -= raise;
    return min + raise;
  });
}

function completed(answers: RiskAnswers) {
  const sut = scoreRiskAnswers(answers);
  if (!sut.complete) throw new Error(`expected complete answers, missing ${sut.missing.join(', ')}`);
  return sut;
}

describe('risk questionnaire questions', () => {
  it('asks the eight profile fields once each, numbered 1 to 8 in order', () => {
    expect(questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(questions.map((q) => q.field))).toEqual(
      new Set([
        'age',
        'experience',
        'investmentHorizon',
        'riskTolerance',
        'investmentRatio',
        'lossReaction',
        'investmentGoal',
        'financialKnowledge',
      ]),
    );
  });

  it.each(questions.map((q) => [q.number, q] as const))('question %i has unique ASCII values and scores within 0 to 3', (_n, q) => {
    const values = q.options.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(value).toMatch(/^[\x21-\x7e]+$/);
    for (const score of scores(q)) {
      expect(Number.isInteger(score)).toBe(true);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(3);
    }
    expect(Math.max(...scores(q))).toBe(3);
    expect(q.question.length).toBeGreaterThan(0);
    for (const o of q.options) expect(o.label.length).toBeGreaterThan(0);
  });

  it('uses the spec bands for age and experience and scores the horizon 1, 2, 3, 3', () => {
    const byField = (field: string) => questions.find((q) => q.field === field);
    expect(byField('age')?.options.map((o) => o.value)).toEqual(['20-30', '31-45', '46-60', '60+']);
    expect(byField('experience')?.options.map((o) => o.value)).toEqual(['none', 'less-than-1', '1-3', 'more-than-3']);
    expect(byField('investmentHorizon')?.options.map((o) => o.score)).toEqual([1, 2, 3, 3]);
  });
});

describe('riskProfileFor', () => {
  it.each([
    [0, 'conservative'],
    [6, 'conservative'],
    [7, 'stable'],
    [12, 'stable'],
    [13, 'growth'],
    [17, 'growth'],
    [18, 'aggressive'],
    [21, 'aggressive'],
  ])('puts score %i in the %s band', (score, id) => {
    expect(riskProfileFor(score).id).toBe(id);
  });

  it.each([-1, 22, 6.5, Number.NaN])('rejects %p, which is not a score out of 21', (score) => {
    expect(() => riskProfileFor(score)).toThrow(RangeError);
  });
});

describe('risk profiles', () => {
  it('have contiguous score ranges covering 0 to 21', () => {
    const sut = Object.values(RISK_PROFILES);
    expect(sut.map((p) => p.id)).toEqual(['conservative', 'stable', 'growth', 'aggressive']);
    expect(sut[0]?.minScore).toBe(0);
    expect(sut[sut.length - 1]?.maxScore).toBe(RISK_SCORE_MAX);
    for (let i = 1; i < sut.length; i += 1) expect(sut[i]?.minScore).toBe((sut[i - 1]?.maxScore ?? NaN) + 1);
  });

  it('carry the spec names and stock allocations, and say the allocation in the description', () => {
    expect(Object.values(RISK_PROFILES).map((p) => [p.name, p.stockAllocation])).toEqual([
      ['保守型', '0-30%'],
      ['穩健型', '30-50%'],
      ['成長型', '50-70%'],
      ['進取型', '70-100%'],
    ]);
    for (const p of Object.values(RISK_PROFILES)) expect(p.description).toContain(p.stockAllocation);
  });
});

describe('scoreRiskAnswers', () => {
  it('scores the most cautious answers 1 (the horizon never scores 0) as conservative', () => {
    const sut = completed(lowest);
    expect(sut.riskScore).toBe(1);
    expect(sut.riskProfile).toBe('conservative');
    expect(sut.riskDescription).toBe(RISK_PROFILES.conservative.description);
  });

  it('scores the boldest answers 21 as aggressive', () => {
    const sut = completed(highest);
    expect(sut.riskScore).toBe(21);
    expect(sut.riskProfile).toBe('aggressive');
    expect(sut.riskDescription).toBe(RISK_PROFILES.aggressive.description);
  });

  it.each([
    [7, 6, 'conservative'],
    [8, 7, 'stable'],
    [14, 12, 'stable'],
    [15, 13, 'growth'],
    [19, 17, 'growth'],
    [20, 18, 'aggressive'],
  ])('turns raw %i into riskScore %i (%s) at a band edge', (raw, score, profile) => {
    const sut = completed(answersWithRawScore(raw));
    expect(sut.riskScore).toBe(score);
    expect(sut.riskProfile).toBe(profile);
  });

  it('scales raw 0-24 to 0-21, rounding halves up, reaching every score from 1 to 21', () => {
    const sut = Array.from({ length: 24 }, (_, i) => completed(answersWithRawScore(i + 1)).riskScore);
    expect(sut).toEqual([1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 11, 12, 13, 14, 15, 16, 17, 18, 18, 19, 20, 21]);
  });

  it('gives the same result whichever horizon beyond three years is chosen', () => {
    const threeToFive = completed({ ...highest, investmentHorizon: '3-5' });
    const overFive = completed({ ...highest, investmentHorizon: 'more-than-5' });
    expect(overFive.riskScore).toBe(threeToFive.riskScore);
    expect(completed({ ...highest, investmentHorizon: '1-3' }).riskScore).toBeLessThan(overFive.riskScore);
  });

  it('reports the missing question numbers instead of a score when answers are incomplete', () => {
    const { age: _age, riskTolerance: _riskTolerance, ...partial } = highest;
    expect(scoreRiskAnswers(partial)).toEqual({ complete: false, missing: [1, 7] });
  });
});

describe('missingRiskAnswers', () => {
  it('lists every question when nothing is answered', () => {
    expect(missingRiskAnswers({})).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('lists none when every question has a valid answer', () => {
    expect(missingRiskAnswers(highest)).toEqual([]);
  });

  it('lists unanswered questions by number, ascending', () => {
    const { lossReaction: _l, experience: _e, investmentRatio: _r, ...partial } = lowest;
    expect(missingRiskAnswers(partial)).toEqual([2, 6, 8]);
  });

  it('treats an unknown or empty value as missing', () => {
    expect(missingRiskAnswers({ ...highest, age: '18-19', lossReaction: '' })).toEqual([1, 8]);
  });

  it("does not accept one question's value for another", () => {
    expect(missingRiskAnswers({ ...highest, riskTolerance: 'buy-more' })).toEqual([7]);
  });
});

describe('riskAnswersSchema', () => {
  it('validates exactly the questionnaire fields', () => {
    expect(Object.keys(riskAnswersSchema.shape).sort()).toEqual(questions.map((q) => q.field).sort());
  });

  it('accepts complete, known answers', () => {
    expect(riskAnswersSchema.parse(lowest)).toEqual(lowest);
  });

  it('rejects an unknown value and a missing answer', () => {
    expect(riskAnswersSchema.safeParse({ ...lowest, investmentHorizon: 'forever' }).success).toBe(false);
    const { financialKnowledge: _f, ...partial } = lowest;
    expect(riskAnswersSchema.safeParse(partial).success).toBe(false);
  });
});
