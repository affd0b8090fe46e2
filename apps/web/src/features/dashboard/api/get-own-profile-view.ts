import { OwnProfileResponseSchema, ProfileViewResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/profiles/:id for the member's own id: the profile as others see it, with its publish date. Under
 * the key (and with the value) the profile pages use, so `/profile/public` and the dashboard share it.
 */
export function ownProfileViewQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['profiles', 'view', userId] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/profiles/${encodeURIComponent(userId)}`, {
          schema: ProfileViewResponseSchema,
          signal,
        })
      ).profile,
  });
}

export function useOwnProfileView(userId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...ownProfileViewQueryOptions(userId), enabled });
}

/**
 * GET /api/profiles/me under the key the account and wizard features use, with the same value (the
 * `OwnProfile`), so they share one cached answer.
 */
export const ownProfileQueryOptions = queryOptions({
  queryKey: ['profiles', 'me'] as const,
  queryFn: async ({ signal }) =>
    (await apiRequest('/api/profiles/me', { schema: OwnProfileResponseSchema, signal })).profile,
  staleTime: 30_000,
  refetchOnWindowFocus: false,
});

/** Whether the company's annual confirmation is due (that popup comes first); never asked for experts. */
export function useAnnualConfirmationDue(isCompany: boolean): boolean {
  const own = useQuery({ ...ownProfileQueryOptions, enabled: isCompany });
  return isCompany && (own.data?.needsAnnualConfirmation ?? true);
}
