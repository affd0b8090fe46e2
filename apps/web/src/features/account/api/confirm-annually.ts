import { type AnnualConfirmationBodySchema, OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useOwnProfileChanged } from '../../../lib/own-profile';

export type AnnualConfirmationBody = z.input<typeof AnnualConfirmationBodySchema>;

/** POST /api/profiles/me/annual-confirmation (companies): team size, revenue and capital, all required. */
export function confirmAnnually(body: AnnualConfirmationBody) {
  return apiRequest('/api/profiles/me/annual-confirmation', {
    method: 'POST',
    body,
    schema: OwnProfileResponseSchema,
  });
}

export function useConfirmAnnually() {
  const changed = useOwnProfileChanged();
  return useMutation({ mutationFn: confirmAnnually, onSuccess: ({ profile }) => changed(profile) });
}
