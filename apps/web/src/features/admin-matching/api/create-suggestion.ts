import type { CreateSuggestionBody, CreateSuggestionResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/admin/suggestions: suggests the company to the expert and the expert to the company. A pair that
 * already has a suggestion answers `created: false` (spec 000 §4: a duplicate pair is silently ignored).
 */
export function createSuggestion(body: CreateSuggestionBody) {
  return apiRequest<Answer<typeof CreateSuggestionResponseSchema>>('/api/admin/suggestions', {
    method: 'POST',
    body,
  });
}

export function useCreateSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSuggestion,
    // The answer carries the score as stored with the suggestion: the preview shows that one.
    onSuccess: (answer, body) =>
      queryClient.setQueryData(
        queryKeys.admin.matching.preview(body.expertId, body.companyId),
        answer.explanation,
      ),
  });
}
