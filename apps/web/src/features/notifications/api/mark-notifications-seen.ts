import type { NotificationsResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/notifications/seen: marks `ids` seen, or all of the member's when none are given. */
export function markNotificationsSeen(ids?: string[]) {
  return apiRequest<Answer<typeof NotificationsResponseSchema>>('/api/notifications/seen', {
    method: 'POST',
    body: ids ? { ids } : {},
  });
}

/** Marks notifications seen; the answer is the list as it now is. */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => markNotificationsSeen(ids),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notifications, data),
  });
}
