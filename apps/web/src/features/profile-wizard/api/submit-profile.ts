import { OwnProfileResponseSchema } from '@intergen/contracts';
import { newChangesPopupStorageKey, routes } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';
import { ownProfileQueryKey, profileViewsQueryKey } from './get-own-profile';

/** POST /api/profiles/me/submit: a company publishes, an expert submits for approval (pending). */
export function submitProfile() {
  return apiRequest('/api/profiles/me/submit', { method: 'POST', schema: OwnProfileResponseSchema });
}

/** The version-change popup need not show to a member who just finished the wizard (spec 000 §2). */
export function rememberNewChangesSeen() {
  try {
    window.localStorage.setItem(newChangesPopupStorageKey, 'true');
  } catch {
    // Storage may be unavailable (private mode); the popup then shows once more, nothing breaks.
  }
}

/**
 * Publishes or submits, remembers that the version-change popup need not show, refreshes the session and
 * the profile, and goes to the dashboard (spec 000 §2, review step).
 */
export function useSubmitProfile() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: submitProfile,
    onSuccess: async ({ profile }) => {
      rememberNewChangesSeen();
      queryClient.setQueryData(ownProfileQueryKey, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileViewsQueryKey }),
      ]);
      await navigate(routes.dashboard);
    },
  });
}
