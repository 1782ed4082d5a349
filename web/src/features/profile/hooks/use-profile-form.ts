import { useId, useState, type FormEvent } from 'react';

/** What a form shows above its fields: a message, and the field it is about (outlined and focused). */
export interface FormProblem<F extends string> {
  message: string;
  field?: F;
}

/**
 * The state the profile's forms share: their values, the one problem shown, and a submit that
 * checks first (focusing the field at fault), then saves once at a time, turning a failure into
 * the problem shown.
 */
export function useProfileForm<F extends string>(initial: Record<F, string>) {
  const idPrefix = useId();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<FormProblem<F> | null>(null);
  const [saving, setSaving] = useState(false);
  const id = (field: string) => `${idPrefix}-${field}`;

  const update = (field: F) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit =
    (steps: { validate(): (FormProblem<F> & { field: F }) | null; save(): Promise<void>; problemOf(failure: unknown): FormProblem<F> }) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (saving) return;
      const invalid = steps.validate();
      setError(invalid);
      if (invalid) {
        document.getElementById(id(invalid.field))?.focus();
        return;
      }
      setSaving(true);
      try {
        await steps.save();
      } catch (failure) {
        setError(steps.problemOf(failure));
      } finally {
        setSaving(false);
      }
    };

  return { values, setValues, error, saving, id, update, submit };
}
