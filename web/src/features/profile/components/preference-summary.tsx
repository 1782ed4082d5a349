import { RISK_PROFILES } from '@stockai/contracts';
import { useTranslation } from 'react-i18next';
import type { InvestmentPreferences } from '../types/preferences';
import { lossReactionAt } from './loss-tolerance-field';
import './preference-summary.css';

/** Every wizard answer on one card; anything left empty reads 未選擇 (spec section 2). */
export function PreferenceSummary({ values }: { values: InvestmentPreferences }) {
  const { t } = useTranslation();
  const notSelected = t('preferences.summary.notSelected');
  const list = (items: string[]) => (items.length > 0 ? items.join('、') : null);
  const reaction = lossReactionAt(values.lossTolerance);

  const rows: [label: string, value: string | null][] = [
    [t('preferences.summary.age'), values.age && t(`preferences.options.age.${values.age}`)],
    [t('preferences.summary.experience'), values.experience && t(`preferences.options.experience.${values.experience}`)],
    [t('preferences.summary.budget'), values.budget && t(`preferences.options.budget.${values.budget}`)],
    [t('preferences.summary.term'), values.term && t(`preferences.options.term.${values.term}`)],
    [t('preferences.summary.goals'), list(values.goals.map((goal) => t(`preferences.options.goals.${goal}`)))],
    [t('preferences.summary.sectors'), list(values.sectors.map((sector) => t(`preferences.options.sectors.${sector}`)))],
    [
      t('preferences.summary.lossTolerance'),
      reaction ? `${values.lossTolerance}%（${t(`preferences.options.lossReaction.${reaction}`)}）` : `${values.lossTolerance}%`,
    ],
    [t('preferences.summary.riskType'), values.riskType && RISK_PROFILES[values.riskType].name],
  ];

  return (
    <div className="ui-stack ui-stack--2 preference-summary">
      <h3 className="preference-summary__title">{t('preferences.summary.title')}</h3>
      <dl className="preference-summary__list">
        {rows.map(([label, value]) => (
          <div key={label} className="preference-summary__row">
            <dt>{label}</dt>
            <dd className={value ? undefined : 'preference-summary__empty'}>{value ?? notSelected}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
