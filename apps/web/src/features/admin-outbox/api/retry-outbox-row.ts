import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/outbox/rows/:id/retry: a dead or waiting row runs again now; the page is read again. */
export function useRetryOutboxRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/outbox/rows/${id}/retry`, { method: 'POST', body: {}, schema: z.undefined() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox.all }),
  });
}
