import { type AdminProfilesQuerySchema, AdminProfilesResponseSchema } from '@intergen/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type AdminProfilesFilter = z.input<typeof AdminProfilesQuerySchema>;

/** Every admin profile query sits under this key, so that one invalidation refreshes lists and details. */
export const adminProfilesKey = ['admin', 'profiles'] as const;

/** GET /api/admin/profiles?kind=&status=: profiles with their status, experts awaiting approval first. */
export function getAdminProfiles(filter: AdminProfilesFilter, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (filter.kind) query.set('kind', filter.kind);
  if (filter.status) query.set('status', filter.status);
  const suffix = query.size > 0 ? `?${query}` : '';
  return apiRequest(`/api/admin/profiles${suffix}`, { schema: AdminProfilesResponseSchema, signal });
}

export function adminProfilesQueryOptions(filter: AdminProfilesFilter) {
  return queryOptions({
    queryKey: [
      ...adminProfilesKey,
      'list',
      { kind: filter.kind ?? null, status: filter.status ?? null },
    ] as const,
    queryFn: async ({ signal }) => (await getAdminProfiles(filter, signal)).profiles,
    staleTime: 0,
  });
}

export function useAdminProfiles(filter: AdminProfilesFilter) {
  return useQuery({ ...adminProfilesQueryOptions(filter), placeholderData: keepPreviousData });
}
