import { helpTexts } from '@intergen/domain';
import { Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { createContext, type ReactNode, use } from 'react';
import { ErrorAlert } from '../../components/alerts';
import { errorMessage } from '../../lib/api-client';
import { usePublicConfig } from '../../lib/config';

const OpenHelpContext = createContext<() => void>(() => {});

/** Opens the help modal from anywhere in the layout (header, narrow menu, footer). */
export function useOpenHelp(): () => void {
  return use(OpenHelpContext);
}

/** Need help?: an e-mail link to support, the reply time, and Okay (spec 000 §1). */
function HelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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

export function HelpProvider({ children }: { children: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <OpenHelpContext value={open}>
      {children}
      <HelpModal opened={opened} onClose={close} />
    </OpenHelpContext>
  );
}
