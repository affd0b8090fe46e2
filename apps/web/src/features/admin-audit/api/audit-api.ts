import type { AuditResponseSchema } from '@intergen/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/audit: the audit log newest first, page by page, of one action or (null) every action. */
export function useAuditLog(action: string | null, search = '') {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.audit.list(action, search),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (action) query.set('action', action);
      if (search) query.set('search', search);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<Answer<typeof AuditResponseSchema>>(`/api/admin/audit?${query}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
