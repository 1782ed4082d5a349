import type { ReactNode } from 'react';

/**
 * A form's or panel's message: an error is announced at once (role alert), a success politely
 * (role status). Styled by `.form-error` and `.form-success` in styles/global.css.
 */
export function FormMessage({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  return tone === 'error' ? (
    <p className="form-error" role="alert">
      {children}
    </p>
  ) : (
    <p className="form-success" role="status">
      {children}
    </p>
  );
}
