import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOSS_REACTIONS, LOSS_TOLERANCE_MAX, LOSS_TOLERANCE_MIN, type LossReaction } from '../types/preferences';
import { ChoiceGroup } from './choice-group';
import './loss-tolerance-field.css';

interface LossToleranceFieldProps {
  value: number;
  onChange(value: number): void;
}

/** The reaction whose preset the slider sits on, if any. */
export function lossReactionAt(tolerance: number): LossReaction | null {
  return LOSS_REACTIONS.find((reaction) => reaction.tolerance === tolerance)?.id ?? null;
}

/** Four felt reactions that set the slider to a preset, and the 0–100 % slider to fine-tune it. */
export function LossToleranceField({ value, onChange }: LossToleranceFieldProps) {
  const { t } = useTranslation();
  const sliderId = useId();

  return (
    <div className="ui-stack ui-stack--3 loss-tolerance">
      <ChoiceGroup
        legend={t('preferences.questions.lossReaction')}
        choices={LOSS_REACTIONS.map((reaction) => ({
          value: reaction.id,
          label: t(`preferences.options.lossReaction.${reaction.id}`),
          hint: `${reaction.tolerance}%`,
        }))}
        value={lossReactionAt(value)}
        onChange={(id) => onChange(LOSS_REACTIONS.find((reaction) => reaction.id === id)?.tolerance ?? value)}
      />
      <div className="field loss-tolerance__slider">
        <label className="field__label loss-tolerance__label" htmlFor={sliderId}>
          {t('preferences.questions.lossTolerance')}
          <output className="loss-tolerance__value" htmlFor={sliderId}>
            {value}%
          </output>
        </label>
        <input
          id={sliderId}
          className="loss-tolerance__range"
          type="range"
          min={LOSS_TOLERANCE_MIN}
          max={LOSS_TOLERANCE_MAX}
          step={1}
          value={value}
          aria-valuetext={`${value}%`}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <div className="loss-tolerance__scale" aria-hidden="true">
          <span>{LOSS_TOLERANCE_MIN}%</span>
          <span>{LOSS_TOLERANCE_MAX}%</span>
        </div>
      </div>
    </div>
  );
}
