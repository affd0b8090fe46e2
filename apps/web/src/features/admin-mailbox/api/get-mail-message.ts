import type { MailMessageSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/mailbox/:id: one message with its plain text. */
export function getMailMessage(id: string, signal?: AbortSignal) {
  return apiRequest<Answer<typeof MailMessageSchema>>(`/api/admin/mailbox/${encodeURIComponent(id)}`, {
    signal,
  });
}

export function mailMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.admin.mailMessage(id),
    queryFn: ({ signal }) => getMailMessage(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMailMessage(id: string | null) {
  return useQuery({ ...mailMessageQueryOptions(id ?? ''), enabled: id !== null });
}
