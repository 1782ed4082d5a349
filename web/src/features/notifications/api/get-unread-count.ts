import { useQuery } from '@tanstack/react-query';
import { apiClient, firstScreen } from '@/lib/api-client';

/** Every notifications query starts with this key, so a change re-reads the count and the list at once. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** How often the bell asks again while a page stays open: alerts are evaluated every few minutes (ADR 69). */
export const UNREAD_POLL_MS = 60_000;

/**
 * The member's unread count, for the header's bell. It asks for one notification only and checks
 * the answer with the light first-screen copy of its contract, so the bell adds no zod to the
 * search page (ADR 70). Asked again every minute and when the member comes back to the tab.
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'],
    queryFn: ({ signal }) =>
      apiClient.get(
        'notifications',
        firstScreen((s) => s.notificationsResponse),
        { query: { page: 1, limit: 1 }, signal },
      ),
    select: (answer) => answer.unread,
    enabled,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
