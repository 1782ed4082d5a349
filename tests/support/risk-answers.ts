import { RISK_QUESTIONS, type RiskProfileId, scoreRiskAnswers } from '@stockai/contracts';

/** Questionnaire answers scoring as `type`: the first questions at their highest option, the rest at their lowest. */
export function answersScoringAs(type: RiskProfileId): Record<string, string> {
  for (let high = 0; high <= RISK_QUESTIONS.length; high++) {
    const answers = Object.fromEntries(
      RISK_QUESTIONS.map((q, i) => {
        const sorted = [...q.options].sort((a, b) => a.score - b.score);
        return [q.field, (i < high ? sorted[sorted.length - 1] : sorted[0])!.value];
      }),
    );
    const scored = scoreRiskAnswers(answers);
    if (scored.complete && scored.riskProfile === type) return answers;
  }
  throw new Error(`no answers score as ${type}`);
}
