import type {
  ConnectionBuckets,
  ConnectionRequest,
  ConnectionRequestResponseSchema,
  SendRequestBody,
  Suggestion,
} from '@intergen/contracts';
import { connectionTimings } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A send that found no answer within the spec's 10 000 ms. */
export class SendTimeoutError extends ApiError {
  constructor() {
    super(0, 'TIMEOUT', 'Timed out');
    this.name = 'SendTimeoutError';
  }
}

/**
 * POST /api/connections: a request from a suggestion, with an optional message. Gives up after
 * `connectionTimings.sendRequestTimeoutMs` (spec 001 §9), which the dialog shows as a failure.
 */
export async function sendRequest(body: SendRequestBody): Promise<ConnectionRequest> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), connectionTimings.sendRequestTimeoutMs);
  try {
    const answer = await apiRequest<Answer<typeof ConnectionRequestResponseSchema>>('/api/connections', {
      method: 'POST',
      body,
      signal: timeout.signal,
    });
    return answer.request;
  } catch (error) {
    if (timeout.signal.aborted) throw new SendTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export interface SendRequestVariables {
  suggestionId: string;
  message: string;
  /** The counterpart's name, for the pending banner. */
  name: string;
}

/**
 * Sends a request; `onSent` runs in the mutation's own callback, so it runs even when a live update has
 * already taken the card (and the dialog in it) off the screen. On success the suggestion is marked
 * `requestSent` in the recommendations (the card shows `Request Sent`), and the request lists are read again.
 * When the recommendations were read again before the answer came (a live update: the server no longer lists a
 * requested suggestion), the suggestion as it was shown is put back, marked, at its place.
 */
export function useSendRequest({ onSent }: { onSent?: (name: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ suggestionId, message }: SendRequestVariables) => sendRequest({ suggestionId, message }),
    onMutate: ({ suggestionId }) => {
      const list = queryClient.getQueryData<Suggestion[]>(queryKeys.suggestions) ?? [];
      const index = list.findIndex((s) => s.id === suggestionId);
      return { shown: list[index], index };
    },
    onSuccess: (request, { suggestionId, name }, { shown, index }) => {
      onSent?.(name);
      queryClient.setQueryData<Suggestion[]>(queryKeys.suggestions, (list) => {
        const marked = list?.filter((s) => s.id !== suggestionId);
        if (marked && shown) marked.splice(index, 0, { ...shown, requestSent: true });
        return marked;
      });
      queryClient.setQueryData<ConnectionBuckets>(queryKeys.connections, (buckets) =>
        buckets
          ? { ...buckets, sent: [request, ...buckets.sent.filter((r) => r.id !== request.id)] }
          : buckets,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
    },
  });
}
