import { PublicConfigSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/config: the server's public configuration (environment, community tab, support e-mail). */
export function getPublicConfig(signal?: AbortSignal) {
  return apiRequest('/api/config', { schema: PublicConfigSchema, signal });
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => getPublicConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
