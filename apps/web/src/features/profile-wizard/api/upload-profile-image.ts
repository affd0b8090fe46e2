import { ErrorResponseSchema, OwnProfileResponseSchema } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { profileViewsQueryKey, useSetOwnProfile } from './get-own-profile';

/**
 * POST /api/profiles/me/image: the picture as multipart field `file`. The server checks it by content,
 * re-encodes it to 400×400 and answers the profile with the new picture.
 */
export async function uploadProfileImage(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/profiles/me/image', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', messages.somethingWentWrong);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = ErrorResponseSchema.safeParse(payload);
    if (error.success) {
      const { code, message, details } = error.data.error;
      throw new ApiError(response.status, code, message, details ?? []);
    }
    if (response.status === 429) throw new ApiError(429, 'RATE_LIMITED', messages.tooManyRequests);
    throw new ApiError(response.status, 'INTERNAL', messages.somethingWentWrong);
  }
  const parsed = OwnProfileResponseSchema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'BAD_RESPONSE', messages.somethingWentWrong);
  return parsed.data;
}

export function useUploadProfileImage() {
  const setOwnProfile = useSetOwnProfile();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: ({ profile }) => {
      setOwnProfile(profile);
      void queryClient.invalidateQueries({ queryKey: profileViewsQueryKey });
    },
  });
}
