import type { NotificationsResponse, NotificationsResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/notifications: the newest (at most 100, not dismissed) and the unseen count. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return apiRequest<Answer<typeof NotificationsResponseSchema>>('/api/notifications', { signal });
}

export const notificationsQueryOptions = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: ({ signal }) => getNotifications(signal),
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
