import { RISK_PROFILES } from '@stockai/contracts';
import { useTranslation } from 'react-i18next';
import {
  AGE_BANDS,
  BUDGETS,
  EXPERIENCE_LEVELS,
  GOALS,
  RISK_TYPES,
  SECTORS,
  TERMS,
  type Goal,
  type InvestmentPreferences,
  type Sector,
} from '../types/preferences';
import { ChoiceGroup } from './choice-group';
import { LossToleranceField } from './loss-tolerance-field';
import { PreferenceSummary } from './preference-summary';

export const WIZARD_STEPS = ['background', 'plan', 'risk', 'sectors'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

interface StepProps {
  step: WizardStep;
  values: InvestmentPreferences;
  onChange(values: Partial<InvestmentPreferences>): void;
}

/** The questions of one wizard step; the last step also sums up every answer before saving. */
export function PreferenceWizardStep({ step, values, onChange }: StepProps) {
  const { t } = useTranslation();

  switch (step) {
    case 'background':
      return (
        <>
          <ChoiceGroup
            legend={t('preferences.questions.age')}
            choices={AGE_BANDS.map((value) => ({ value, label: t(`preferences.options.age.${value}`) }))}
            value={values.age}
            onChange={(age) => onChange({ age })}
          />
          <ChoiceGroup
            legend={t('preferences.questions.experience')}
            choices={EXPERIENCE_LEVELS.map((value) => ({ value, label: t(`preferences.options.experience.${value}`) }))}
            value={values.experience}
            onChange={(experience) => onChange({ experience })}
          />
        </>
      );
    case 'plan':
      return (
        <>
          <ChoiceGroup
            legend={t('preferences.questions.budget')}
            choices={BUDGETS.map((value) => ({ value, label: t(`preferences.options.budget.${value}`) }))}
            value={values.budget}
            onChange={(budget) => onChange({ budget })}
          />
          <ChoiceGroup
            legend={t('preferences.questions.term')}
            choices={TERMS.map((value) => ({ value, label: t(`preferences.options.term.${value}`) }))}
            layout="list"
            value={values.term}
            onChange={(term) => onChange({ term })}
          />
          <ChoiceGroup<Goal>
            multiple
            legend={t('preferences.questions.goals')}
            note={t('preferences.multiple')}
            choices={GOALS.map((value) => ({ value, label: t(`preferences.options.goals.${value}`) }))}
            value={values.goals}
            onChange={(goals) => onChange({ goals })}
          />
        </>
      );
    case 'risk':
      return (
        <>
          <LossToleranceField value={values.lossTolerance} onChange={(lossTolerance) => onChange({ lossTolerance })} />
          <ChoiceGroup
            legend={t('preferences.questions.riskType')}
            choices={RISK_TYPES.map((value) => ({
              value,
              label: RISK_PROFILES[value].name,
              hint: t('preferences.riskTypeHint', { allocation: RISK_PROFILES[value].stockAllocation }),
            }))}
            value={values.riskType}
            onChange={(riskType) => onChange({ riskType })}
          />
        </>
      );
    case 'sectors':
      return (
        <>
          <ChoiceGroup<Sector>
            multiple
            legend={t('preferences.questions.sectors')}
            note={t('preferences.multiple')}
            choices={SECTORS.map((value) => ({ value, label: t(`preferences.options.sectors.${value}`) }))}
            value={values.sectors}
            onChange={(sectors) => onChange({ sectors })}
          />
          <PreferenceSummary values={values} />
        </>
      );
  }
}
