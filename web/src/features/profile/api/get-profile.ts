import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '@/lib/api-client';
import type { ProfileData } from '../types/profile';
import { parseProfileData } from './parse-profile';

export async function getProfile(signal?: AbortSignal): Promise<ProfileData> {
  return parseProfileData(await apiClient.get<unknown>('users/profile', { signal }));
}

export type ProfileQuery = { status: 'loading'; data: null } | { status: 'error'; data: null } | { status: 'ready'; data: ProfileData };

/**
 * The signed-in user's profile. `replace` takes the answer of a save (PUT returns the same
 * shape), so every tab and the header show what the server stored without another load.
 */
export function useProfile() {
  const [query, setQuery] = useState<ProfileQuery>({ status: 'loading', data: null });
  const latest = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setQuery({ status: 'loading', data: null });
    try {
      const data = await getProfile(controller.signal);
      if (!controller.signal.aborted) setQuery({ status: 'ready', data });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Failed to get user profile', error);
      setQuery({ status: 'error', data: null });
    }
  }, []);

  useEffect(() => {
    void reload();
    return () => latest.current?.abort();
  }, [reload]);

  const replace = useCallback((data: ProfileData) => {
    latest.current?.abort();
    setQuery({ status: 'ready', data });
  }, []);

  return { ...query, reload, replace };
}
