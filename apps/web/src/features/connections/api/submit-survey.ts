import type { ConnectionRequestResponseSchema, SurveyBody } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/connections/:id/survey: the review (rating 1–5 and, without a hosted form, a comment). */
export async function submitSurvey(id: string, body: SurveyBody) {
  const answer = await apiRequest<Answer<typeof ConnectionRequestResponseSchema>>(
    `/api/connections/${encodeURIComponent(id)}/survey`,
    {
      method: 'POST',
      body,
    },
  );
  return answer.request;
}

/** Submits a review; the connection moves to rated and the rated profile's average changes. */
export function useSubmitSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SurveyBody }) => submitSurvey(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.connections }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
      ]),
  });
}
