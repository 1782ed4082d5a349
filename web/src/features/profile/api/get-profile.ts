import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ProfileData } from '../types/profile';
import { toProfileData } from './profile-data';

export const profileQueryKey = ['profile'] as const;

export async function getProfile(signal?: AbortSignal): Promise<ProfileData> {
  return toProfileData(await apiClient.get('users/profile', (s) => s.profileResponse, { signal }));
}

/** The signed-in user's profile; a save puts its answer here, so every tab shows what was stored. */
export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal), staleTime: 0 });
}
