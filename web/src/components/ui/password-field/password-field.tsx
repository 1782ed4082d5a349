import type { ChangeEvent } from 'react';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  required?: boolean;
  minLength?: number;
}

/** A labelled password input in the app's field style. */
export function PasswordField({ id, label, invalid, ...input }: PasswordFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" type="password" aria-invalid={invalid || undefined} {...input} />
    </div>
  );
}
