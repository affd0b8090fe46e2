import type { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { useSetOwnProfile } from '../../../lib/own-profile';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/profiles/me/image: the picture as multipart field `file`. The server checks it by content,
 * re-encodes it to 400×400 and answers the profile with the new picture.
 */
export function uploadProfileImage(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me/image', {
    method: 'POST',
    body,
  });
}

export function useUploadProfileImage() {
  const setOwnProfile = useSetOwnProfile();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: async ({ profile }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.views });
      await setOwnProfile(profile);
    },
  });
}
