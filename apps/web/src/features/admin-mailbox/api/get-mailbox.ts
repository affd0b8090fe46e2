import type { MailboxQuerySchema, MailboxResponseSchema } from '@intergen/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const mailboxPageSize = 50;

/** GET /api/admin/mailbox: the local mailbox, newest first; `before` is the id of the last message seen. */
export function getMailbox({ before, q, signal }: { before?: string; q?: string; signal?: AbortSignal }) {
  // Typed by the contract's query schema, so that a change of the cursor shows up at compile time.
  const params: z.input<typeof MailboxQuerySchema> = { limit: mailboxPageSize, before, q };
  const query = new URLSearchParams({ limit: String(params.limit) });
  if (params.before !== undefined) query.set('before', params.before);
  if (params.q) query.set('q', params.q);
  return apiRequest<Answer<typeof MailboxResponseSchema>>(`/api/admin/mailbox?${query}`, { signal });
}

/** The mailbox's pages, all of it or those matching a search by recipient or subject (under the mailbox's key). */
export const mailboxQueryOptions = (q = '') =>
  infiniteQueryOptions({
    queryKey: q ? [...queryKeys.admin.mailbox, 'search', q] : queryKeys.admin.mailbox,
    queryFn: ({ pageParam, signal }) => getMailbox({ before: pageParam, q, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.messages.at(-1)?.id : undefined),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useMailbox(q = '') {
  return useInfiniteQuery(mailboxQueryOptions(q));
}
