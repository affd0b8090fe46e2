import { commonTexts, adminMailboxTexts as t } from '@intergen/domain';
import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useMailMessage } from '../api/get-mail-message';
import { LinkifiedText } from './linkified-text';
import { formatMailTime } from './mail-time';

/** One mailbox message: recipient, time and its text with clickable links. */
export function MailMessageModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const message = useMailMessage(id);

  return (
    <Modal opened={id !== null} onClose={onClose} title={message.data?.subject ?? t.message}>
      <Stack gap="md">
        {message.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t.loadingMessage}>
            <Skeleton height={14} width="60%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
          </Stack>
        ) : message.isError ? (
          <ErrorAlert message={errorMessage(message.error)} />
        ) : (
          <>
            <Stack gap={2}>
              <Text size="sm">
                <Text span fw={600}>
                  {t.toLabel}
                </Text>{' '}
                {message.data.to}
              </Text>
              <Text size="sm" c="dimmed">
                {formatMailTime(message.data.createdAt)}
              </Text>
            </Stack>
            <LinkifiedText text={message.data.text} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {commonTexts.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
