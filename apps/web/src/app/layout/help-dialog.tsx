import { helpTexts } from '@intergen/domain';
import { Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../components/alerts';
import { errorMessage } from '../../lib/api-client';
import { usePublicConfig } from '../../lib/config';

/** Need help?: an e-mail link to support, the reply time, and Okay (spec 000 §1). */
export function HelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const config = usePublicConfig();
  return (
    <Modal opened={opened} onClose={onClose} title={helpTexts.title}>
      <Stack gap="md">
        {config.isPending ? (
          <Skeleton height={20} aria-label={helpTexts.loadingSupportAddress} />
        ) : config.isError ? (
          <ErrorAlert message={errorMessage(config.error)} />
        ) : (
          <Text>
            {helpTexts.writeToSupport}{' '}
            <Anchor href={`mailto:${config.data.supportEmail}`} fw={600}>
              {config.data.supportEmail}
            </Anchor>
            .
          </Text>
        )}
        <Text>{helpTexts.replyTime}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {helpTexts.okay}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
