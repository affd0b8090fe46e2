import type { AdminMemberSort, AdminMembersResponseSchema, SortOrder } from '@intergen/contracts';
import type { ProfileStatus, ProfileType } from '@intergen/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The console's view, as the address holds it (null: no filter). */
export interface MembersView {
  search: string;
  role: ProfileType | null;
  status: ProfileStatus | null;
  verified: boolean | null;
  private: boolean | null;
  sort: AdminMemberSort;
  order: SortOrder;
}

/** The query string of a view (the server's defaults left out); `cursor` for a later page. */
export function membersQuery(view: MembersView, cursor?: string): URLSearchParams {
  const query = new URLSearchParams({ sort: view.sort, order: view.order });
  if (view.search) query.set('search', view.search);
  if (view.role) query.set('role', view.role);
  if (view.status) query.set('status', view.status);
  if (view.verified !== null) query.set('verified', String(view.verified));
  if (view.private !== null) query.set('private', String(view.private));
  if (cursor) query.set('cursor', cursor);
  return query;
}

/**
 * GET /api/admin/members: members in pages of 12; the next page comes with the answer's cursor (Load more), and
 * the previous pages stay on screen while a new view loads.
 */
export function useAdminMembers(view: MembersView) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.profiles.members(view),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Answer<typeof AdminMembersResponseSchema>>(
        `/api/admin/members?${membersQuery(view, pageParam)}`,
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
