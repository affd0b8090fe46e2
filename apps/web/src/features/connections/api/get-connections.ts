import type { ConnectionBuckets, ConnectionBucketsSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/connections: received and sent open requests, unrated and rated connections, the survey form. */
export function getConnections(signal?: AbortSignal): Promise<ConnectionBuckets> {
  return apiRequest<Answer<typeof ConnectionBucketsSchema>>('/api/connections', { signal });
}

export const connectionsQueryOptions = queryOptions({
  queryKey: queryKeys.connections,
  queryFn: ({ signal }) => getConnections(signal),
});

export function useConnections() {
  return useQuery(connectionsQueryOptions);
}
