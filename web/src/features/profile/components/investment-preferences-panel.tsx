import type { RiskAnswers } from '@stockai/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGE_BANDS, EXPERIENCE_LEVELS, type InvestmentPreferences } from '../types/preferences';
import type { InvestorProfile, ProfileData } from '../types/profile';
import { PreferenceWizard } from './preference-wizard';
import { ProfileSection } from './profile-section';
import { RiskQuestionnaireForm } from './risk-questionnaire-form';
import './investment-preferences-panel.css';

interface InvestmentPreferencesPanelProps {
  profile: InvestorProfile;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | undefined): T | null {
  return allowed.find((item) => item === value) ?? null;
}

/**
 * The 投資偏好 tab: the risk questionnaire with its live preview, and the four-step wizard.
 * Both ask age and experience; the answers on screen are the one copy both start from, and a
 * wizard save updates them without discarding the user's other, unsaved answers.
 */
export function InvestmentPreferencesPanel({ profile }: InvestmentPreferencesPanelProps) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<RiskAnswers>(profile.answers);
  const [wizardOpen, setWizardOpen] = useState(false);

  const wizardStart: InvestmentPreferences = {
    ...profile.preferences,
    age: oneOf(AGE_BANDS, answers.age),
    experience: oneOf(EXPERIENCE_LEVELS, answers.experience),
  };

  const onQuestionnaireSaved = (data: ProfileData) => {
    setAnswers(data.profile.answers);
  };

  const onWizardSaved = (data: ProfileData) => {
    const { age, experience } = data.profile.answers;
    setAnswers((current) => ({ ...current, age, experience }));
  };

  return (
    <div className="ui-stack preferences-panel">
      <section className="card preferences-panel__wizard">
        <div>
          <h2 className="preferences-panel__wizard-title">{t('profile.risk.wizard.title')}</h2>
          <p className="preferences-panel__wizard-text">{t('profile.risk.wizard.description')}</p>
        </div>
        <button type="button" className="btn btn--secondary" onClick={() => setWizardOpen(true)}>
          {t('profile.risk.wizard.open')}
        </button>
      </section>

      <ProfileSection title={t('profile.risk.title')} description={t('profile.risk.description')}>
        <RiskQuestionnaireForm answers={answers} onAnswersChange={setAnswers} onSaved={onQuestionnaireSaved} />
      </ProfileSection>

      {wizardOpen && <PreferenceWizard initial={wizardStart} onClose={() => setWizardOpen(false)} onSaved={onWizardSaved} />}
    </div>
  );
}
