import { commonTexts, adminMailboxTexts as t } from '@intergen/domain';
import { Button, EmptyState, Group, Skeleton, Stack } from '@mantine/core';
import { IconMailOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { useMailbox } from '../api/get-mailbox';
import { MailMessageModal } from '../components/mail-message-modal';
import { MailboxTable } from '../components/mailbox-table';

/** `/admin/mailbox`: every e-mail the embedded mailbox holds (DESIGN.md §2, E-mail). */
export function MailboxRoute() {
  const mailbox = useMailbox();
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = mailbox.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <Page title={t.title} description={t.description} wide>
      <Group justify="flex-end">
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
          title={t.empty}
          description={t.emptyDescription}
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
