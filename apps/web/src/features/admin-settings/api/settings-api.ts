import type {
  AdminSettingsResponse,
  AdminSettingsResponseSchema,
  UpdateSettingsBody,
} from '@intergen/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/settings: the settings in effect, this server's environment, and their revision. */
export function useAdminSettings() {
  return useQuery({
    queryKey: queryKeys.admin.settings,
    queryFn: ({ signal }) =>
      apiRequest<Answer<typeof AdminSettingsResponseSchema>>('/api/admin/settings', { signal }),
  });
}

/**
 * PUT /api/admin/settings: saves every setting with the revision it was read at. The answer becomes the cached
 * settings; the public configuration (community tab, support e-mail, popup) and the audit log are read again.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) =>
      apiRequest<Answer<typeof AdminSettingsResponseSchema>>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: async (saved: AdminSettingsResponse) => {
      queryClient.setQueryData(queryKeys.admin.settings, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.config }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]);
    },
  });
}
