import type { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { useOwnProfileChanged } from '../../../lib/own-profile';

/** POST /api/profiles/me/privacy (experts only): private hides the profile from the community. */
export function setPrivacy(isPrivate: boolean) {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me/privacy', {
    method: 'POST',
    body: { private: isPrivate },
  });
}

export function useSetPrivacy() {
  const changed = useOwnProfileChanged();
  return useMutation({ mutationFn: setPrivacy, onSuccess: ({ profile }) => changed(profile) });
}
