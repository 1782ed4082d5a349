import { RISK_PROFILES, RISK_QUESTIONS, RISK_SCORE_MAX, type RiskAssessment, type RiskAnswers, scoreRiskAnswers } from '@stockai/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The risk profile the current answers lead to, scored in the browser with the same function
 * the server uses to store the result, so the preview and the saved result always agree.
 */
export function RiskProfilePreview({ answers }: { answers: RiskAnswers }) {
  const { t } = useTranslation();
  const assessment = scoreRiskAnswers(answers);
  const modifier = assessment.complete ? ` risk-preview--${assessment.riskProfile}` : '';

  return (
    <aside className={`risk-preview${modifier}`} aria-live="polite" data-testid="risk-preview">
      <p className="ui-row ui-row--spread ui-row--2 risk-preview__eyebrow">
        {t('profile.risk.preview.title')}
        <span className="risk-preview__live">{t('profile.risk.preview.live')}</span>
      </p>
      {assessment.complete ? (
        <RiskResult assessment={assessment} />
      ) : (
        <p className="risk-preview__pending">
          {t('profile.risk.preview.pending', {
            answered: RISK_QUESTIONS.length - assessment.missing.length,
            total: RISK_QUESTIONS.length,
          })}
        </p>
      )}
    </aside>
  );
}

function RiskResult({ assessment }: { assessment: Extract<RiskAssessment, { complete: true }> }) {
  const { t } = useTranslation();
  const profile = RISK_PROFILES[assessment.riskProfile];
  return (
    <>
      <p className="risk-preview__type">{profile.name}</p>
      <dl className="risk-preview__facts">
        <div>
          <dt>{t('profile.risk.preview.score')}</dt>
          <dd>
            <strong>{assessment.riskScore}</strong> / {RISK_SCORE_MAX}
          </dd>
        </div>
        <div>
          <dt>{t('profile.risk.preview.allocation')}</dt>
          <dd>{profile.stockAllocation}</dd>
        </div>
      </dl>
      <div className="risk-preview__meter" aria-hidden="true">
        <span style={{ width: `${(assessment.riskScore / RISK_SCORE_MAX) * 100}%` }} />
      </div>
      <p className="risk-preview__description">{assessment.riskDescription}</p>
    </>
  );
}
