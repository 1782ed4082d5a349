import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearAuthToken } from '@/lib/api-client';
import { renderHookWithProviders } from '../../../../test/render';
import { signInAsAdmin, signUp } from '../../../../test/session';
import { toCsv } from '../utils/csv';
import { dashboardLoadMessage } from '../utils/errors';
import { useMembers } from './members';
import { useAdminStats } from './stats';

describe('admin API from the web, against the real admin service', () => {
  it('gives an admin the dashboard stats, counting the members there are', async () => {
    await signUp('counted');
    await signInAsAdmin();
    const { result } = renderHookWithProviders(() => useAdminStats());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.users.total).toBeGreaterThanOrEqual(2);
    expect(result.current.data?.users.admins).toBeGreaterThanOrEqual(1);
  });

  it("tells an investor 'Access denied. Admin privileges required.' (by the ADMIN_REQUIRED code)", async () => {
    await signUp('investor');
    const { result } = renderHookWithProviders(() => useAdminStats());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(dashboardLoadMessage(result.current.error)).toBe('Access denied. Admin privileges required.');
  });

  it("refuses to call without a token: 'No authentication token available'", async () => {
    clearAuthToken();
    const { result } = renderHookWithProviders(() => useAdminStats());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(dashboardLoadMessage(result.current.error)).toBe('No authentication token available');
  });

  it('finds a member by e-mail', async () => {
    const { user } = await signUp('findme');
    await signInAsAdmin();
    const { result } = renderHookWithProviders(() => useMembers(1, user.email));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.members.map((m) => m.email)).toEqual([user.email]);
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['=SUM(A1)', null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),');
  });
});
