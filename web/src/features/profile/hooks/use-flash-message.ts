import { useCallback, useEffect, useRef, useState } from 'react';

/** Success messages on the profile page vanish after this long (spec section 9). */
export const SUCCESS_MESSAGE_MS = 3000;

/** A message that clears itself after `duration`; showing another one restarts the clock. */
export function useFlashMessage(duration = SUCCESS_MESSAGE_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (next: string) => {
      window.clearTimeout(timer.current);
      setMessage(next);
      timer.current = window.setTimeout(() => setMessage(null), duration);
    },
    [duration],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { message, show, clear };
}
