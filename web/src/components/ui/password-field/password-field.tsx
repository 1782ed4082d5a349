import type { ChangeEvent } from 'react';
import { TextField } from '../text-field/text-field';

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
export function PasswordField(props: PasswordFieldProps) {
  return <TextField {...props} type="password" />;
}
