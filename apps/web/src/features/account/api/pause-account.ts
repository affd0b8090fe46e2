import type { OwnProfileResponseSchema, PauseBodySchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { useOwnProfileChanged } from '../../../lib/own-profile';

export type PauseBody = z.input<typeof PauseBodySchema>;

/** POST /api/profiles/me/pause: hides a published profile; a reason, free text, or both. */
export function pauseAccount(body: PauseBody) {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me/pause', {
    method: 'POST',
    body,
  });
}

export function usePauseAccount() {
  const changed = useOwnProfileChanged();
  return useMutation({ mutationFn: pauseAccount, onSuccess: ({ profile }) => changed(profile) });
}
