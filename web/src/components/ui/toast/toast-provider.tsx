import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DEFAULT_DURATION_MS, TOAST_FADE_MS, ToastContext, type ToastApi, type ToastKind, type ToastOptions } from './toast-context';
import './toast.css';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  leaving: boolean;
}

const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i' };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number[]>());

  const remove = useCallback((id: number) => {
    timers.current.get(id)?.forEach((timer) => window.clearTimeout(timer));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      const pending = timers.current.get(id);
      if (!pending) return;
      pending.forEach((timer) => window.clearTimeout(timer));
      setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)));
      timers.current.set(id, [window.setTimeout(() => remove(id), TOAST_FADE_MS)]);
    },
    [remove],
  );

  const show = useCallback(
    (message: string, options: ToastOptions = {}) => {
      const id = nextId.current++;
      const kind = options.kind ?? 'info';
      setToasts((current) => [...current, { id, kind, message, leaving: false }]);
      const fade = window.setTimeout(() => dismiss(id), options.duration ?? TOAST_DEFAULT_DURATION_MS);
      timers.current.set(id, [fade]);
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((ids) => ids.forEach((timer) => window.clearTimeout(timer)));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, duration) => show(message, { kind: 'success', duration }),
      error: (message, duration) => show(message, { kind: 'error', duration }),
      info: (message, duration) => show(message, { kind: 'info', duration }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastViewport({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="toast-viewport" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}${toast.leaving ? ' toast--leaving' : ''}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span className="toast__icon" aria-hidden="true">
            {ICONS[toast.kind]}
          </span>
          <p className="toast__message">{toast.message}</p>
          <button type="button" className="toast__close" aria-label={t('common.close')} onClick={() => onDismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
