import type { NotificationSettings } from '@stockai/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const SETTINGS_KEY = ['notification-settings'] as const;

/** GET notifications/settings: whether alerts are also e-mailed (off until the member turns it on). */
export function useNotificationSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }): Promise<NotificationSettings> =>
      apiClient.get('notifications/settings', (s) => s.notificationSettings, { signal }),
  });
}

/** PUT notifications/settings; the answer is the setting as saved. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => apiClient.put('notifications/settings', (s) => s.notificationSettings, settings),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
