import type { DismissSuggestionBody, DismissSuggestionResponseSchema, Suggestion } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/suggestions/dismiss: the suggestion leaves the member's recommendations (spec 000 §4). */
export function dismissSuggestion(body: DismissSuggestionBody) {
  return apiRequest<Answer<typeof DismissSuggestionResponseSchema>>('/api/suggestions/dismiss', {
    method: 'POST',
    body,
  });
}

/**
 * Clears a suggestion from the dashboard at once (optimistic); when the server refuses, the card comes back
 * where it was and the mutation's error carries the message to show.
 */
export function useDismissSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestion: Suggestion) => dismissSuggestion({ suggestionId: suggestion.id }),
    onMutate: async (suggestion) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.suggestions });
      const list = queryClient.getQueryData<Suggestion[]>(queryKeys.suggestions) ?? [];
      const index = list.findIndex((s) => s.id === suggestion.id);
      queryClient.setQueryData<Suggestion[]>(queryKeys.suggestions, (current) =>
        current?.filter((s) => s.id !== suggestion.id),
      );
      return { index };
    },
    onError: (_error, suggestion, result) => {
      // Put back only this card (another dismissal may be under way), at its former place.
      queryClient.setQueryData<Suggestion[]>(queryKeys.suggestions, (current) => {
        if (!current || current.some((s) => s.id === suggestion.id)) return current;
        const next = [...current];
        const at = result && result.index >= 0 ? Math.min(result.index, next.length) : 0;
        next.splice(at, 0, suggestion);
        return next;
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.suggestions }),
  });
}
