import { commonTexts, adminMailboxTexts as t } from '@intergen/domain';
import { Button, EmptyState, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { IconMailOff, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedSearch } from '../../../lib/debounced-search';
import { useUrlParams } from '../../../lib/url-params';
import { useMailbox } from '../api/get-mailbox';
import { MailMessageModal } from '../components/mail-message-modal';
import { MailboxTable } from '../components/mailbox-table';

/** `/admin/mailbox`: every e-mail the embedded mailbox holds (DESIGN.md §2, E-mail). */
export function MailboxRoute() {
  const { params, set } = useUrlParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  useDebouncedSearch(text, q, (search) => set({ q: search }));
  const mailbox = useMailbox(q);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = mailbox.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <Page title={t.title} description={t.description} wide>
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          label={t.search}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          onClick={() => mailbox.refetch()}
          loading={mailbox.isRefetching && !mailbox.isFetchingNextPage}
        >
          {commonTexts.refresh}
        </Button>
      </Group>
      {mailbox.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t.loading}>
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </Stack>
      ) : mailbox.isError ? (
        <ErrorAlert message={errorMessage(mailbox.error)} />
      ) : messages.length === 0 ? (
        <EmptyState
          icon={<IconMailOff aria-hidden="true" />}
          title={q ? t.emptyForSearch : t.empty}
          description={q ? undefined : t.emptyDescription}
        />
      ) : (
        <>
          <MailboxTable messages={messages} onOpen={setOpenId} />
          {mailbox.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => mailbox.fetchNextPage()}
                loading={mailbox.isFetchingNextPage}
              >
                {t.loadMore}
              </Button>
            </Group>
          ) : null}
        </>
      )}
      <MailMessageModal id={openId} onClose={() => setOpenId(null)} />
    </Page>
  );
}
