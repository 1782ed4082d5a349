import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { NOTIFICATIONS_KEY } from './get-unread-count';

/** POST notifications/{id}/read (204); the count and the list are read again after it. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post(`notifications/${encodeURIComponent(id)}/read`, (s) => s.ignoredAnswer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/** POST notifications/read-all (204). */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post('notifications/read-all', (s) => s.ignoredAnswer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
