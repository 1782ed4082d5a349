import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: success messages clear after 3 seconds. */
export const MESSAGE_MS = 3000;

export type Flash = { kind: 'success' | 'error'; text: string } | null;

export function useFlash() {
  const [flash, setFlash] = useState<Flash>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((kind: 'success' | 'error', text: string) => {
    window.clearTimeout(timer.current);
    setFlash({ kind, text });
    if (kind === 'success') timer.current = window.setTimeout(() => setFlash(null), MESSAGE_MS);
  }, []);
  return { flash, show };
}

export function FlashMessage({ flash }: { flash: Flash }) {
  if (!flash) return null;
  return (
    <p className={flash.kind === 'success' ? 'form-success' : 'form-error'} role={flash.kind === 'success' ? 'status' : 'alert'}>
      {flash.text}
    </p>
  );
}
