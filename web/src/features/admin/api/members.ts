import { adminMembersResponse } from '@stockai/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, adminKeys, adminRequest } from './admin-client';

export interface MemberChange {
  role?: 'user' | 'admin';
  level?: string;
  paidCredits?: number;
  credits?: number;
  subscriptionPlan?: string | null;
  subscriptionExpiry?: string;
}

/** One page of members, newest first; `search` narrows by e-mail. */
export function useMembers(page: number, search: string) {
  return useQuery({
    queryKey: [...adminKeys.members, page, search],
    queryFn: ({ signal }) =>
      adminRequest('members', adminMembersResponse, { query: { page, limit: ADMIN_PAGE_SIZE, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: MemberChange }) =>
      adminRequest(`members/${encodeURIComponent(id)}`, z.unknown(), { method: 'PUT', body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest(`members/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
