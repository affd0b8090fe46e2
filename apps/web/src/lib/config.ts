import type { PublicConfigSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/config: the server's public configuration and the run-time settings every page may need (environment,
 * community tab, support e-mail, the version-change popup).
 */
export function getPublicConfig(signal?: AbortSignal) {
  return apiRequest<Answer<typeof PublicConfigSchema>>('/api/config', { signal });
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: queryKeys.config,
  // No abort signal: the answer serves every page, so the request goes on when the last part of a page reading it
  // unmounts (with the signal, TanStack Query cancelled it there, the dashboard's skeletons giving way to its
  // cards, and asked again: two requests on one first load in five, and a preload (prerender.ts) used once).
  queryFn: () => getPublicConfig(),
  // Admins change the settings while the app runs: an open tab reads them again when it is used after a minute.
  staleTime: 60_000,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
