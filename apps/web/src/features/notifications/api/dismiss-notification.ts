import type { NotificationsResponse, NotificationsResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/notifications/:id/dismiss: the notification leaves the centre. */
export function dismissNotification(id: string) {
  return apiRequest<Answer<typeof NotificationsResponseSchema>>(
    `/api/notifications/${encodeURIComponent(id)}/dismiss`,
    {
      method: 'POST',
    },
  );
}

/** Removes a notification at once (optimistic); the server's answer, or a refetch on failure, settles it. */
export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNotification,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications });
      queryClient.setQueryData<NotificationsResponse>(queryKeys.notifications, (current) => {
        if (!current) return current;
        const gone = current.notifications.find((n) => n.id === id);
        return {
          notifications: current.notifications.filter((n) => n.id !== id),
          unseen: gone && !gone.hasSeen ? Math.max(0, current.unseen - 1) : current.unseen,
        };
      });
    },
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notifications, data),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
