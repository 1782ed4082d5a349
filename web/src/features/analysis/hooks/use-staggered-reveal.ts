import { useEffect, useState } from 'react';

/** Spec section 9: result sections appear 300 ms apart. */
export const REVEAL_STEP_MS = 300;

/**
 * How many of `count` sections are shown: the first at once, then one more every 300 ms.
 * Mount with a new key to start again (the page does so for each new report).
 */
export function useStaggeredReveal(count: number, enabled = true): number {
  const [shown, setShown] = useState(enabled ? 1 : count);
  useEffect(() => {
    if (!enabled || shown >= count) return;
    const timer = window.setTimeout(() => setShown((n) => n + 1), REVEAL_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, shown, count]);
  return shown;
}
