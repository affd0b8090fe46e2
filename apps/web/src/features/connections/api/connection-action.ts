import type {
  ConnectionBuckets,
  ConnectionRequest,
  ConnectionRequestResponseSchema,
} from '@intergen/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The actions on one request that answer the request as it now stands. */
export type ConnectionAction = 'accept' | 'deny' | 'dismiss' | 'close';

/** POST /api/connections/:id/{action} (no body). */
export async function postConnectionAction(id: string, action: ConnectionAction): Promise<ConnectionRequest> {
  const answer = await apiRequest<Answer<typeof ConnectionRequestResponseSchema>>(
    `/api/connections/${encodeURIComponent(id)}/${action}`,
    {
      method: 'POST',
    },
  );
  return answer.request;
}

/** Takes a request out of one bucket in the cache (after its card has faded out, or on cancel). */
export function removeFromBucket(queryClient: QueryClient, bucket: 'received' | 'sent', id: string) {
  queryClient.setQueryData<ConnectionBuckets>(queryKeys.connections, (buckets) =>
    buckets ? { ...buckets, [bucket]: buckets[bucket].filter((r) => r.id !== id) } : buckets,
  );
}
