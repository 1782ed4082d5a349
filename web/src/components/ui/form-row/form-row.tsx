import type { ReactNode } from 'react';

/**
 * Form row: a label over its control (the `.field` styles in styles/global.css), with an optional
 * hint or error under it. `htmlFor` names the control's id; the control itself is the child, so a
 * row holds an input, select, textarea or a composed field alike.
 */
export function FormRow({
  label,
  htmlFor,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}
