import type { NotificationsResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/notifications/:id/explore: the member opened what the notification is about. */
export function exploreNotification(id: string) {
  return apiRequest<Answer<typeof NotificationsResponseSchema>>(
    `/api/notifications/${encodeURIComponent(id)}/explore`,
    {
      method: 'POST',
    },
  );
}

export function useExploreNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exploreNotification,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notifications, data),
  });
}
