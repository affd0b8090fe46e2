import { MatchingRunSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The answer may carry the new run; either way the latest run is read again. */
const StartRunAnswerSchema = z.object({ run: MatchingRunSchema.nullable().optional() });

/** POST /api/admin/matching/runs: queues a full matching run (every expert against every company). */
export function startMatchingRun() {
  return apiRequest('/api/admin/matching/runs', { method: 'POST', body: {}, schema: StartRunAnswerSchema });
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
