import type { SessionResponseSchema, SessionUser } from '@intergen/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Answer, apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/auth/session: the signed-in person, or null. */
export function getSession(signal?: AbortSignal) {
  return apiRequest<Answer<typeof SessionResponseSchema>>('/api/auth/session', { signal });
}

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 60_000,
});

/** The session query itself (pending, error, data). */
export function useSessionQuery() {
  return useQuery(sessionQueryOptions);
}

/** The signed-in person, or null while signed out (or still loading: the router waits for it first). */
export function useUser(): SessionUser | null {
  return useSessionQuery().data?.user ?? null;
}

/** The signed-in person on a page that only renders for signed-in people. */
export function useSignedInUser(): SessionUser {
  const user = useUser();
  if (!user) throw new Error('useSignedInUser used outside a signed-in route');
  return user;
}

/** Writes a new session into the cache after sign-in, sign-up or a one-time link. */
export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser | null) => queryClient.setQueryData(queryKeys.session, { user }),
    [queryClient],
  );
}
