import type { NetworkOverview, NetworkOverviewSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/network: network requests received and sent, the network, and the sidebar's counts. */
export function getNetwork(signal?: AbortSignal): Promise<NetworkOverview> {
  return apiRequest<Answer<typeof NetworkOverviewSchema>>('/api/network', { signal });
}

export const networkQueryOptions = queryOptions({
  queryKey: queryKeys.network.overview,
  queryFn: ({ signal }) => getNetwork(signal),
});

/** The caller's My Network; refetched when a live `network` change arrives (lib/live-events.ts). */
export function useNetwork(options: { enabled?: boolean } = {}) {
  return useQuery({ ...networkQueryOptions, enabled: options.enabled ?? true });
}
