import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { queryKeys } from './query-keys';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** One client per page load; server state only, nothing persisted. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
    // A 401 on any call means the session ended (signed out elsewhere, disabled): re-read it so the
    // router sends the person to the login.
    queryCache: new QueryCache({ onError: (error, query) => onUnauthenticated(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthenticated(error, null) }),
  });

  function onUnauthenticated(error: unknown, key: readonly unknown[] | null) {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (key?.[0] === queryKeys.session[0]) return;
    void client.invalidateQueries({ queryKey: queryKeys.session });
  }

  return client;
}
