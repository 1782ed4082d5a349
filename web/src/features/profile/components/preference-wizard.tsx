import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { useToast } from '@/components/ui/toast/use-toast';
import { updateFailureMessage, useUpdateProfile } from '../api/update-profile';
import type { InvestmentPreferences } from '../types/preferences';
import type { ProfileData, ProfileUpdate } from '../types/profile';
import { PreferenceWizardStep, WIZARD_STEPS } from './preference-wizard-steps';
import './preference-wizard.css';
import { FormMessage } from '@/components/ui/form-message/form-message';

interface PreferenceWizardProps {
  initial: InvestmentPreferences;
  onClose(): void;
  onSaved(data: ProfileData): void;
}

/** What the wizard sends: its lists and slider always, a single choice only once one is made. */
function toUpdate(values: InvestmentPreferences): ProfileUpdate {
  const { age, experience, budget, term, riskType, goals, sectors, lossTolerance } = values;
  return {
    goals,
    sectors,
    lossTolerance,
    ...(age && { age }),
    ...(experience && { experience }),
    ...(budget && { budget }),
    ...(term && { term }),
    ...(riskType && { riskType }),
  };
}

/**
 * The four-step investment-preference modal (spec section 2). Nothing is required (spec
 * section 5), so "next" always moves on; the last step's button saves. Mount it to open it:
 * each opening starts again from step 1 with the values it is given.
 */
export function PreferenceWizard({ initial, onClose, onSaved }: PreferenceWizardProps) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const toast = useToast();
  const [stepIndex, setStepIndex] = useState(0);
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusedStep = useRef(stepIndex);

  const step = WIZARD_STEPS[stepIndex] ?? 'background';
  const isLast = stepIndex === WIZARD_STEPS.length - 1;

  // A new step replaces the questions while the focus stays on the button just pressed; moving
  // it to the step's heading lets a screen reader announce where the user now is.
  useEffect(() => {
    if (focusedStep.current === stepIndex) return;
    focusedStep.current = stepIndex;
    headingRef.current?.focus();
  }, [stepIndex]);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await update.mutateAsync(toUpdate(values));
      onSaved(saved);
      toast.success(t('preferences.saved'));
      onClose();
    } catch (failure) {
      setError(updateFailureMessage(failure));
      setSaving(false);
    }
  };

  const onNext = () => {
    if (isLast) void save();
    else setStepIndex((index) => index + 1);
  };

  return (
    <Modal open onClose={onClose} title={t('preferences.title')} subtitle={t('preferences.subtitle')}>
      <div className="ui-stack preference-wizard" data-testid="preference-wizard">
        <ol className="preference-wizard__steps">
          {WIZARD_STEPS.map((name, index) => {
            const state = index < stepIndex ? 'done' : index === stepIndex ? 'current' : 'todo';
            return (
              <li
                key={name}
                className={`preference-wizard__step preference-wizard__step--${state}`}
                aria-current={state === 'current' ? 'step' : undefined}
              >
                <span className="preference-wizard__step-number">{index + 1}</span>
                <span className="preference-wizard__step-label">{t(`preferences.steps.${name}`)}</span>
              </li>
            );
          })}
        </ol>

        <div className="ui-stack preference-wizard__body">
          <h3 className="preference-wizard__heading" ref={headingRef} tabIndex={-1}>
            <span className="preference-wizard__progress">
              {t('preferences.progress', { step: stepIndex + 1, total: WIZARD_STEPS.length })}
            </span>
            {t(`preferences.steps.${step}`)}
          </h3>
          <PreferenceWizardStep step={step} values={values} onChange={(change) => setValues((current) => ({ ...current, ...change }))} />
        </div>

        <div className="ui-stack ui-stack--3 preference-wizard__footer">
          {error && <FormMessage>{error}</FormMessage>}
          <div className="preference-wizard__actions">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={stepIndex === 0 || saving}
              onClick={() => setStepIndex((index) => index - 1)}
            >
              {t('preferences.back')}
            </button>
            <button type="button" className="btn btn--primary" disabled={saving} onClick={onNext}>
              {saving ? t('preferences.saving') : isLast ? t('preferences.finish') : t('preferences.next')}
            </button>
          </div>
        </div>
      </div>
    </Modal>
  );
}
