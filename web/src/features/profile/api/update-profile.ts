import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import type { ProfileData, ProfileUpdate } from '../types/profile';
import { profileQueryKey } from './get-profile';
import { toProfileData } from './profile-data';

/** Saves part of the profile; answers with the whole profile as stored (risk result included). */
export async function updateProfile(update: ProfileUpdate): Promise<ProfileData> {
  return toProfileData(await apiClient.put('users/profile', (s) => s.profileResponse, update));
}

/** A save whose answer becomes the profile every tab shows, without another load. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => queryClient.setQueryData(profileQueryKey, saved),
  });
}

/** The user-facing reason a save failed: the server's message, or the spec's fallback. */
export function updateFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : 'Failed to update user profile';
}
