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

/**
 * The investor profile sent with an analysis, so the advice for the user's own type comes
 * first and is highlighted; the analysis service cannot read the stored profile itself.
 */
export async function getAnalysisProfile(): Promise<unknown> {
  const { profile } = await getProfile();
  return {
    ...profile.preferences,
    riskProfile: profile.riskProfile ?? profile.preferences.riskType,
    riskScore: profile.riskScore,
  };
}
