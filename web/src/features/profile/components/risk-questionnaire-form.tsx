import { RISK_QUESTIONS, missingRiskAnswers, type RiskAnswers, type RiskQuestionField } from '@stockai/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateFailureMessage, useUpdateProfile } from '../api/update-profile';
import { useFlashMessage } from '../hooks/use-flash-message';
import type { ProfileData } from '../types/profile';
import { ChoiceGroup } from './choice-group';
import { RiskProfilePreview } from './risk-profile-preview';
import { SuccessMessage } from './success-message';
import './risk-questionnaire-form.css';
import { FormMessage } from '@/components/ui/form-message/form-message';

interface RiskQuestionnaireFormProps {
  answers: RiskAnswers;
  onAnswersChange(answers: RiskAnswers): void;
  onSaved(data: ProfileData): void;
}

/**
 * The eight risk questions (spec section 5: all required). The question texts and options come
 * from the shared contracts, as the server scores the same ones.
 */
export function RiskQuestionnaireForm({ answers, onAnswersChange, onSaved }: RiskQuestionnaireFormProps) {
  const { t } = useTranslation();
  const save = useUpdateProfile();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const success = useFlashMessage();
  const questionRefs = useRef(new Map<number, HTMLLIElement>());

  const answer = (field: RiskQuestionField, value: string) => onAnswersChange({ ...answers, [field]: value });
  // Once a save was refused for missing answers, the list shrinks live as the user answers.
  const unanswered = showMissing ? missingRiskAnswers(answers) : [];
  const error =
    unanswered.length > 0 ? t('profile.risk.incomplete', { numbers: unanswered.join(t('profile.risk.numberSeparator')) }) : saveError;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    success.clear();
    setSaveError(null);
    const missing = missingRiskAnswers(answers);
    if (missing.length > 0) {
      setShowMissing(true);
      const first = questionRefs.current.get(missing[0] ?? 0);
      first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      first?.querySelector('input')?.focus({ preventScroll: true });
      return;
    }
    setShowMissing(false);
    setSaving(true);
    try {
      const update: RiskAnswers = {};
      for (const { field } of RISK_QUESTIONS) update[field] = answers[field];
      const saved = await save.mutateAsync(update);
      onSaved(saved);
      success.show(t('profile.risk.success'));
    } catch (failure) {
      setSaveError(updateFailureMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="risk-form" noValidate onSubmit={onSubmit}>
      <ol className="ui-stack ui-stack--5 risk-form__questions">
        {RISK_QUESTIONS.map((question) => (
          <li
            key={question.field}
            className="risk-form__question"
            ref={(node) => {
              if (node) questionRefs.current.set(question.number, node);
              else questionRefs.current.delete(question.number);
            }}
          >
            <ChoiceGroup
              legend={
                <>
                  <span className="risk-form__number" aria-hidden="true">
                    {question.number}
                  </span>
                  <span className="visually-hidden">{question.number}. </span>
                  <span className="risk-form__question-text">{question.question}</span>
                </>
              }
              layout="list"
              choices={question.options}
              value={answers[question.field] ?? null}
              error={unanswered.includes(question.number) ? t('profile.risk.unanswered') : undefined}
              disabled={saving}
              onChange={(value) => answer(question.field, value)}
            />
          </li>
        ))}
      </ol>
      <div className="ui-stack ui-stack--3 risk-form__aside">
        <RiskProfilePreview answers={answers} />
        {error && <FormMessage>{error}</FormMessage>}
        <SuccessMessage message={success.message} />
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={saving}>
          {saving ? t('profile.risk.saving') : t('profile.risk.submit')}
        </button>
      </div>
    </form>
  );
}
