import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../../../../test/render';
import { signUp } from '../../../../test/session';
import { useProfile } from './get-profile';
import { useUpdateProfile } from './update-profile';

describe('profile against the real API', () => {
  it('a save becomes the profile every reader sees, with what the server stored', async () => {
    await signUp('profile');
    const { result } = renderHookWithProviders(() => ({ profile: useProfile(), save: useUpdateProfile() }));
    await waitFor(() => expect(result.current.profile.data).toBeDefined());
    expect(result.current.profile.data?.profile.preferences.goals).toEqual([]);

    await act(() => result.current.save.mutateAsync({ firstName: 'Renamed', lastName: 'Investor' }));
    await waitFor(() => expect(result.current.profile.data?.user).toMatchObject({ firstName: 'Renamed', lastName: 'Investor' }));
  });

  it('a refused save rejects with the server message, leaving the profile as it was', async () => {
    await signUp('profile');
    const { result } = renderHookWithProviders(() => ({ profile: useProfile(), save: useUpdateProfile() }));
    await waitFor(() => expect(result.current.profile.data).toBeDefined());
    const before = result.current.profile.data;
    // One questionnaire answer alone is refused: the server wants all eight together.
    const error = await act(() => result.current.save.mutateAsync({ riskTolerance: 'high' } as never).catch((e: unknown) => e));
    expect(error).toMatchObject({ status: 400, hasServerMessage: true });
    expect(result.current.profile.data).toBe(before);
  });
});
