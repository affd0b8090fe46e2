import type { MatchingRun } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The answer may carry the new run; either way the latest run is read again. */
interface StartRunAnswer {
  run?: MatchingRun | null;
}

/** POST /api/admin/matching/runs: queues a full matching run (every expert against every company). */
export function startMatchingRun() {
  return apiRequest<StartRunAnswer>('/api/admin/matching/runs', {
    method: 'POST',
    body: {},
  });
}

export function useStartMatchingRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startMatchingRun,
    onSuccess: async (answer) => {
      if (answer.run) queryClient.setQueryData(queryKeys.admin.matching.latestRun, answer.run);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.matching.latestRun });
    },
  });
}
