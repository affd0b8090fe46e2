import type { NetworkRequest, NetworkRequestBody, NetworkRequestResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/network/requests: ask an expert to join the caller's network. */
export async function requestToNetwork(body: NetworkRequestBody): Promise<NetworkRequest> {
  const answer = await apiRequest<Answer<typeof NetworkRequestResponseSchema>>('/api/network/requests', {
    method: 'POST',
    body,
  });
  return answer.request;
}

export type NetworkAction = 'accept' | 'decline' | 'cancel';

/** POST /api/network/requests/:id/{accept|decline|cancel} (no body). */
export async function postNetworkAction(id: string, action: NetworkAction): Promise<NetworkRequest> {
  const answer = await apiRequest<Answer<typeof NetworkRequestResponseSchema>>(
    `/api/network/requests/${encodeURIComponent(id)}/${action}`,
    {
      method: 'POST',
    },
  );
  return answer.request;
}

/** After any change: the network, the search and the profile pages (contact details) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.network.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.profiles.views }),
    ]);
}

export function useRequestToNetwork() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: requestToNetwork, onSuccess: refresh });
}

export function useNetworkAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: NetworkAction }) => postNetworkAction(id, action),
    onSuccess: refresh,
  });
}
