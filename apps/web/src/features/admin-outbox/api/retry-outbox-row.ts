import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/outbox/rows/:id/retry: a dead or waiting row runs again now; the page is read again. */
export function useRetryOutboxRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<undefined>(`/api/admin/outbox/rows/${id}/retry`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox.all }),
  });
}
