import type { OutboxListStatus, OutboxOrder, OutboxRowsResponseSchema } from '@intergen/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { outboxRefreshMs } from './get-outbox-summary';

/** The rows' filters, as the address holds them. */
export interface OutboxRowsFilter {
  topic: string | null;
  status: OutboxListStatus | null;
  order: OutboxOrder;
}

/** GET /api/admin/outbox/rows: open rows by topic and status, 25 a page; pages on with the answer's cursor. */
export function useOutboxRows(filter: OutboxRowsFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.outbox.rows(filter),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ order: filter.order });
      if (filter.topic) query.set('topic', filter.topic);
      if (filter.status) query.set('status', filter.status);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<Answer<typeof OutboxRowsResponseSchema>>(`/api/admin/outbox/rows?${query}`, {
        signal,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: outboxRefreshMs,
  });
}
