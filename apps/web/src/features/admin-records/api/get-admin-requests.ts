import type {
  AdminRecordOrder,
  AdminRequestKind,
  AdminRequestState,
  AdminRequestsResponseSchema,
} from '@intergen/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The requests list's filters, as the address holds them. */
export interface AdminRequestsFilter {
  kind: AdminRequestKind | null;
  state: AdminRequestState | null;
  search: string;
  order: AdminRecordOrder;
}

/**
 * GET /api/admin/requests: connection and My Network requests by sent date, 12 a page, with the total. Read
 * again when an admin live change says requests changed (`adminRequests`).
 */
export function useAdminRequests(filter: AdminRequestsFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.records.list('requests', filter),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ order: filter.order });
      if (filter.kind) query.set('kind', filter.kind);
      if (filter.state) query.set('state', filter.state);
      if (filter.search) query.set('search', filter.search);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<Answer<typeof AdminRequestsResponseSchema>>(`/api/admin/requests?${query}`, {
        signal,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
