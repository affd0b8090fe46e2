import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useOwnProfileChanged } from '../../../lib/own-profile';

/** POST /api/profiles/me/privacy (experts only): private hides the profile from the community. */
export function setPrivacy(isPrivate: boolean) {
  return apiRequest('/api/profiles/me/privacy', {
    method: 'POST',
    body: { private: isPrivate },
    schema: OwnProfileResponseSchema,
  });
}

export function useSetPrivacy() {
  const changed = useOwnProfileChanged();
  return useMutation({ mutationFn: setPrivacy, onSuccess: ({ profile }) => changed(profile) });
}
