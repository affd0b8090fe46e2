import type {
  CrmBoardResponse,
  CrmBoardResponseSchema,
  CrmContactsResponseSchema,
  CrmDealResponseSchema,
  CrmDeliveriesResponseSchema,
} from '@intergen/contracts';
import type { CrmPipeline } from '@intergen/domain';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How often an open board is read again: deals move while an admin watches (the outbox delivers in seconds). */
export const boardRefreshMs = 3000;

/** What narrows the board (kept in the page's address): the search text, a stage, a lost reason, two days. */
export interface BoardFilters {
  q: string;
  stage: string;
  lostReason: string;
  from: string;
  to: string;
}

function boardUrl(pipeline: CrmPipeline, filters: BoardFilters, cursor?: string) {
  const query = new URLSearchParams({ pipeline });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (cursor) query.set('cursor', cursor);
  return `/api/admin/crm/board?${query}`;
}

/** GET /api/admin/crm/board: every stage of the pipeline (or the one filtered on) with its count and first page. */
export function useCrmBoard(pipeline: CrmPipeline, filters: BoardFilters) {
  return useQuery<CrmBoardResponse>({
    queryKey: [...queryKeys.admin.crm.board(pipeline), filters],
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof CrmBoardResponseSchema>>(boardUrl(pipeline, filters), { signal }),
    refetchInterval: boardRefreshMs,
    placeholderData: keepPreviousData,
  });
}

/** The next page of one column: the board's query for that stage, from the column's cursor. */
export async function fetchColumnPage(
  pipeline: CrmPipeline,
  filters: BoardFilters,
  stage: string,
  cursor: string,
): Promise<CrmBoardResponse['columns'][number]> {
  const answer = await apiRequest<Answer<typeof CrmBoardResponseSchema>>(
    boardUrl(pipeline, { ...filters, stage }, cursor),
  );
  return answer.columns[0] ?? { stage, total: 0, deals: [], nextCursor: null };
}

/** GET /api/admin/crm/deals/:id: one deal and its stage history. */
export function useCrmDeal(id: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.crm.deal(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof CrmDealResponseSchema>>(`/api/admin/crm/deals/${encodeURIComponent(id!)}`, {
        signal,
      }),
    enabled: id !== null,
  });
}

/** GET /api/admin/crm/contacts: contacts by name, searched by name, e-mail or company name, page by page. */
export function useCrmContacts(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.crm.contacts(q),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (q) query.set('q', q);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<Answer<typeof CrmContactsResponseSchema>>(`/api/admin/crm/contacts?${query}`, {
        signal,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /api/admin/crm/deliveries: CRM deliveries parked as dead. */
export function useCrmDeliveries() {
  return useQuery({
    queryKey: queryKeys.admin.crm.deliveries,
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof CrmDeliveriesResponseSchema>>('/api/admin/crm/deliveries', { signal }),
  });
}

/** POST /api/admin/crm/deliveries/:id/retry: queues a dead delivery again; the CRM pages are read again. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<undefined>(`/api/admin/crm/deliveries/${id}/retry`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.crm.all }),
  });
}
