import type { AnnualConfirmationBodySchema, OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { useOwnProfileChanged } from '../../../lib/own-profile';

export type AnnualConfirmationBody = z.input<typeof AnnualConfirmationBodySchema>;

/** POST /api/profiles/me/annual-confirmation (companies): team size, revenue and capital, all required. */
export function confirmAnnually(body: AnnualConfirmationBody) {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me/annual-confirmation', {
    method: 'POST',
    body,
  });
}

export function useConfirmAnnually() {
  const changed = useOwnProfileChanged();
  return useMutation({ mutationFn: confirmAnnually, onSuccess: ({ profile }) => changed(profile) });
}
