import type { NotificationsResponse } from '@stockai/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { NOTIFICATIONS_KEY } from './get-unread-count';

/** The newest notifications the bell's list shows. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The member's newest notifications, read when the bell's list opens. */
export function useNotifications() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
    queryFn: ({ signal }): Promise<NotificationsResponse> =>
      apiClient.get('notifications', (s) => s.notificationsResponse, { query: { page: 1, limit: NOTIFICATIONS_PAGE_SIZE }, signal }),
    staleTime: 0,
  });
}
