import { type AdminProfilesQuerySchema, AdminProfilesResponseSchema } from '@intergen/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AdminProfilesFilter = z.input<typeof AdminProfilesQuerySchema>;

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
    queryKey: queryKeys.admin.profiles.list({ kind: filter.kind ?? null, status: filter.status ?? null }),
    queryFn: async ({ signal }) => (await getAdminProfiles(filter, signal)).profiles,
    staleTime: 0,
  });
}

export function useAdminProfiles(filter: AdminProfilesFilter) {
  return useQuery({ ...adminProfilesQueryOptions(filter), placeholderData: keepPreviousData });
}
