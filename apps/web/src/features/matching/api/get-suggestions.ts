import type { Suggestion, SuggestionsResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/suggestions: the member's open suggestions, newest first, each with its counterpart and why. */
export async function getSuggestions(signal?: AbortSignal): Promise<Suggestion[]> {
  return (await apiRequest<Answer<typeof SuggestionsResponseSchema>>('/api/suggestions', { signal }))
    .suggestions;
}

export const suggestionsQueryOptions = queryOptions({
  queryKey: queryKeys.suggestions,
  queryFn: ({ signal }) => getSuggestions(signal),
});

export function useSuggestions() {
  return useQuery(suggestionsQueryOptions);
}
