import { type NotificationsResponse, NotificationsResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in member's notifications; live `notifications` changes invalidate it. */
export const notificationsQueryKey = ['notifications'] as const;

/** GET /api/notifications: the newest (at most 100, not dismissed) and the unseen count. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return apiRequest('/api/notifications', { schema: NotificationsResponseSchema, signal });
}

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: ({ signal }) => getNotifications(signal),
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
