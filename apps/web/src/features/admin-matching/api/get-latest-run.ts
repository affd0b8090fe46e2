import type { MatchingRun, MatchingRunResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How often the page asks again while a run is queued or running. */
export const runPollMs = 1000;

/** A run still under way: the page keeps asking about it. */
export function isRunActive(run: MatchingRun | null | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

/** GET /api/admin/matching/runs/latest: the latest full matching run, or null before the first. */
export async function getLatestRun(signal?: AbortSignal): Promise<MatchingRun | null> {
  return (
    await apiRequest<Answer<typeof MatchingRunResponseSchema>>('/api/admin/matching/runs/latest', { signal })
  ).run;
}

export const latestRunQueryOptions = queryOptions({
  queryKey: queryKeys.admin.matching.latestRun,
  queryFn: ({ signal }) => getLatestRun(signal),
  staleTime: 0,
});

/** The latest run, polled while it is queued or running. */
export function useLatestRun() {
  return useQuery({
    ...latestRunQueryOptions,
    refetchInterval: (query) => (isRunActive(query.state.data) ? runPollMs : false),
  });
}
