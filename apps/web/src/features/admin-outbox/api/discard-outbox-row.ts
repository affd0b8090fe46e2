import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/outbox/rows/:id/discard: a dead row is put away for good; the page is read again. */
export function useDiscardOutboxRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<undefined>(`/api/admin/outbox/rows/${id}/discard`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox.all }),
  });
}
