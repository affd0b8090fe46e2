import type { AdvisorPage, AdvisorPageSchema } from '@intergen/contracts';
import { limits } from '@intergen/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/network/advisors: one page of the My Network search (table view: 12 a page). */
export function searchAdvisors(
  searchText: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdvisorPage> {
  const params = new URLSearchParams({ pageSize: String(limits.tablePageSize) });
  if (searchText) params.set('searchText', searchText);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<Answer<typeof AdvisorPageSchema>>(`/api/network/advisors?${params}`, { signal });
}

/** The search's pages, "load more" fetching the next one. */
export function useAdvisorSearch(searchText: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: queryKeys.network.advisors(searchText),
    queryFn: ({ pageParam, signal }) => searchAdvisors(searchText, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: options.enabled ?? true,
  });
}
