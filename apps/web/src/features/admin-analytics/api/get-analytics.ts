import type { AdminAnalyticsQuery, AdminAnalyticsResponseSchema } from '@intergen/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/admin/analytics: the funnel per week and role, tracking events and lost reasons of a range. A new
 * range keeps the last answer on screen until its own arrives.
 */
export function useAnalytics(query: AdminAnalyticsQuery) {
  return useQuery({
    queryKey: queryKeys.admin.analytics(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) params.set(name, String(value));
      }
      return apiRequest<Answer<typeof AdminAnalyticsResponseSchema>>(`/api/admin/analytics?${params}`, {
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}
