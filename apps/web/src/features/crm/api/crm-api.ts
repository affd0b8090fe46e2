import type {
  CrmBoardResponse,
  CrmBoardResponseSchema,
  CrmContactsResponseSchema,
  CrmDeal,
  CrmDealResponseSchema,
  CrmDeliveriesResponseSchema,
  CrmMoveDealBody,
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

/**
 * What narrows the board (kept in the page's address): the search text, a stage, a lost reason, two days, and
 * `stalled` (`true`: only the deals that have not moved).
 */
export interface BoardFilters {
  q: string;
  stage: string;
  lostReason: string;
  from: string;
  to: string;
  stalled: string;
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

/** A move asked for on the board: the deal as it is shown, where it goes, and the lost reason the lost stage takes. */
export interface DealMove {
  deal: CrmDeal;
  stage: string;
  lostReason: string | null;
}

/** The board's columns with the deal moved: out of its column, into the top of the other, both counts changed. */
function withMove(board: CrmBoardResponse, { deal, stage, lostReason }: DealMove): CrmBoardResponse {
  const moved: CrmDeal = { ...deal, stage, lostReason, enteredStageAt: Date.now(), stalled: false };
  return {
    ...board,
    columns: board.columns.map((column) => {
      const had = column.deals.some((d) => d.id === deal.id);
      if (column.stage === deal.stage && column.stage !== stage) {
        return { ...column, total: column.total - 1, deals: column.deals.filter((d) => d.id !== deal.id) };
      }
      if (column.stage === stage && !had) {
        return { ...column, total: column.total + 1, deals: [moved, ...column.deals] };
      }
      return { ...column, deals: column.deals.map((d) => (d.id === deal.id ? moved : d)) };
    }),
  };
}

/**
 * POST /api/admin/crm/deals/:id/stage: moves a deal, shown moved at once on every board of its pipeline; a refusal
 * puts the boards back as they were (the caller shows why). Either way the CRM pages are read again.
 */
export function useMoveDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deal, stage, lostReason }: DealMove) =>
      apiRequest<Answer<typeof CrmDealResponseSchema>>(
        `/api/admin/crm/deals/${encodeURIComponent(deal.id)}/stage`,
        { method: 'POST', body: { stage, lostReason } satisfies CrmMoveDealBody },
      ),
    onMutate: async (move: DealMove) => {
      const key = queryKeys.admin.crm.board(move.deal.pipeline);
      // A board read already on its way would put the deal back where it was.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData<CrmBoardResponse>({ queryKey: key });
      queryClient.setQueriesData<CrmBoardResponse>({ queryKey: key }, (board) =>
        board ? withMove(board, move) : board,
      );
      return { before };
    },
    onError: (_error, _move, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.crm.all }),
  });
}
