import { apiClient } from '@/lib/api-client';
import type { ProfileData, ProfileUpdate } from '../types/profile';
import { parseProfileData } from './parse-profile';

/** Saves part of the profile; answers with the whole profile as stored (risk result included). */
export async function updateProfile(update: ProfileUpdate): Promise<ProfileData> {
  return parseProfileData(await apiClient.put<unknown>('users/profile', update));
}

/** The user-facing reason a save failed: the server's message, or the spec's fallback. */
export function updateFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Failed to update user profile';
}
