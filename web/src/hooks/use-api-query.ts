import { useCallback, useEffect, useRef, useState } from 'react';

export type QueryState<T> = { status: 'loading'; data: null } | { status: 'error'; data: null } | { status: 'ready'; data: T };

export type ApiQuery<T> = QueryState<T> & {
  reload(): Promise<void>;
  /** Shows an answer the caller already has (e.g. the view a subscription action returns). */
  replace(data: T): void;
};

/**
 * Loads `load` when mounted and whenever `key` changes (null: nothing to load, stays loading);
 * an answer that arrives after a newer request started is dropped. Failures are logged.
 */
export function useApiQuery<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): ApiQuery<T> {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading', data: null });
  const latest = useRef<AbortController | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    latest.current?.abort();
    if (key === null) return;
    const controller = new AbortController();
    latest.current = controller;
    try {
      const data = await loadRef.current(controller.signal);
      if (!controller.signal.aborted) setState({ status: 'ready', data });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(`Failed to load ${key}`, error);
      setState((current) => (current.status === 'ready' ? current : { status: 'error', data: null }));
    }
  }, [key]);

  useEffect(() => {
    setState({ status: 'loading', data: null });
    void reload();
    return () => latest.current?.abort();
  }, [reload]);

  const replace = useCallback((data: T) => {
    latest.current?.abort();
    setState({ status: 'ready', data });
  }, []);

  return { ...state, reload, replace };
}
