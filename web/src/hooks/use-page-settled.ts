import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * False until the page has painted and the data it shows has arrived (no query fetching),
 * then true for good: for downloads a screen can do without at first, so that they do not
 * compete with what it paints (the stock list is ~220 KB, more than the page's own scripts).
 */
export function usePageSettled(): boolean {
  const [painted, setPainted] = useState(false);
  const [settled, setSettled] = useState(false);
  const fetching = useIsFetching();
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      // Safari has no idle callback: after this paint's task instead.
      const timer = window.setTimeout(() => setPainted(true));
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setPainted(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  useEffect(() => {
    if (painted && fetching === 0) setSettled(true);
  }, [painted, fetching]);
  return settled;
}
