import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/outbox/rows/:id/discard: a dead row is put away for good; the page is read again. */
export function useDiscardOutboxRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/outbox/rows/${id}/discard`, { method: 'POST', body: {}, schema: z.undefined() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox.all }),
  });
}
