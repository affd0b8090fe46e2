import type { OwnProfileResponseSchema } from '@intergen/contracts';
import { type Answer, apiRequest } from '../../../lib/api-client';

/** The admin's actions on one profile; each answers the profile as it now stands. */
type ProfileAction = 'activate' | 'approve' | 'deactivate' | 'publish' | 'unpublish' | 'unverify' | 'verify';

/** POST /api/admin/profiles/:id/{action}, with the reason of a deactivation or an unpublishing. */
export function postProfileAction(id: string, action: ProfileAction, body?: { reason: string }) {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>(
    `/api/admin/profiles/${encodeURIComponent(id)}/${action}`,
    {
      method: 'POST',
      body,
    },
  );
}
