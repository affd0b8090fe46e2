import type { CancelRequestResponse, CancelRequestResponseSchema, Suggestion } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { removeFromBucket } from './connection-action';

/** POST /api/connections/:id/cancel: the sender takes the request back (undo); the request is deleted. */
export function cancelRequest(id: string): Promise<CancelRequestResponse> {
  return apiRequest<Answer<typeof CancelRequestResponseSchema>>(
    `/api/connections/${encodeURIComponent(id)}/cancel`,
    {
      method: 'POST',
    },
  );
}

/**
 * Cancels; the request leaves the sent list and its suggestion is a plain recommendation again (the id of a
 * request is its suggestion's id).
 */
export function useCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRequest,
    onSuccess: (_answer, id) => {
      removeFromBucket(queryClient, 'sent', id);
      queryClient.setQueryData<Suggestion[]>(queryKeys.suggestions, (list) =>
        list?.map((s) => (s.id === id ? { ...s, requestSent: false } : s)),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.connections }),
        queryClient.invalidateQueries({ queryKey: queryKeys.suggestions }),
      ]);
    },
  });
}
