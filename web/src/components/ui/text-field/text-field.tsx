import type { InputHTMLAttributes, ReactNode } from 'react';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: ReactNode;
  /** Marks the input for assistive technology and draws it in the error colour. */
  invalid?: boolean;
  /** Shown beside the label, e.g. a "forgot password" link. */
  labelAside?: ReactNode;
  /** A note under the input that the input is described by. */
  hint?: ReactNode;
  /** A message under the input that the input is described by; it also marks the input invalid. */
  error?: ReactNode;
  /** Extra classes on the wrapper, for the layout the form places the field in. */
  className?: string;
  inputClassName?: string;
}

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** A labelled input in the app's field style; every other input prop passes through to the input. */
export function TextField({ id, label, invalid, labelAside, hint, error, className, inputClassName, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const labelElement = (
    <label className="field__label" htmlFor={id}>
      {label}
    </label>
  );
  return (
    <div className={classes('field', className)}>
      {labelAside ? (
        <div className="field__label-row">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <input
        {...input}
        id={id}
        className={classes('field__input', inputClassName)}
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={classes(input['aria-describedby'], hintId, errorId) || undefined}
      />
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
