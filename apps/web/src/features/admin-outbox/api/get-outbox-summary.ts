import type { OutboxSummaryResponseSchema } from '@intergen/contracts';
import { useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How often the open page reads the outbox again: the worker moves rows within seconds. */
export const outboxRefreshMs = 5000;

/** GET /api/admin/outbox/summary: every topic's due, running, retrying, dead and recently done rows. */
export function useOutboxSummary() {
  return useQuery({
    queryKey: queryKeys.admin.outbox.summary,
    queryFn: async ({ signal }) =>
      (await apiRequest<Answer<typeof OutboxSummaryResponseSchema>>('/api/admin/outbox/summary', { signal }))
        .topics,
    refetchInterval: outboxRefreshMs,
  });
}
