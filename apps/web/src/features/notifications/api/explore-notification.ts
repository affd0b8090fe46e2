import { NotificationsResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/notifications/:id/explore: the member opened what the notification is about. */
export function exploreNotification(id: string) {
  return apiRequest(`/api/notifications/${encodeURIComponent(id)}/explore`, {
    method: 'POST',
    schema: NotificationsResponseSchema,
  });
}

export function useExploreNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exploreNotification,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notifications, data),
  });
}
