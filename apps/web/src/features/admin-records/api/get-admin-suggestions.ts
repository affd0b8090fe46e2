import type {
  AdminRecordOrder,
  AdminSuggestionState,
  AdminSuggestionsResponseSchema,
} from '@intergen/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The suggestions list's filters, as the address holds them. */
export interface AdminSuggestionsFilter {
  state: AdminSuggestionState | null;
  search: string;
  order: AdminRecordOrder;
}

/**
 * GET /api/admin/suggestions: every suggestion by created date, 12 a page, with the total; pages on with the
 * answer's cursor. Read again when an admin live change says suggestions changed (`adminSuggestions`).
 */
export function useAdminSuggestions(filter: AdminSuggestionsFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.records.list('suggestions', filter),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ order: filter.order });
      if (filter.state) query.set('state', filter.state);
      if (filter.search) query.set('search', filter.search);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<Answer<typeof AdminSuggestionsResponseSchema>>(`/api/admin/suggestions?${query}`, {
        signal,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
