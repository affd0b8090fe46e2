import type { OwnProfileResponseSchema } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { rememberNewChangesSeen } from '../../../lib/new-changes-seen';
import { useOwnProfileChanged } from '../../../lib/own-profile';

/** POST /api/profiles/me/submit: a company publishes, an expert submits for approval (pending). */
export function submitProfile() {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me/submit', { method: 'POST' });
}

/**
 * Publishes or submits, remembers that the version-change popup need not show, refreshes the session and
 * the profile, and goes to the dashboard (spec 000 §2, review step).
 */
export function useSubmitProfile() {
  const changed = useOwnProfileChanged();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: submitProfile,
    onSuccess: async ({ profile }) => {
      rememberNewChangesSeen();
      await changed(profile);
      await navigate(routes.dashboard);
    },
  });
}
