import type { MessageResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/auth/email-verification/send: e-mails a new 5-character code (replacing the old one). */
export function sendVerificationCode() {
  return apiRequest<Answer<typeof MessageResponseSchema>>('/api/auth/email-verification/send', {
    method: 'POST',
  });
}

export function useSendVerificationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendVerificationCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profiles.own }),
  });
}
