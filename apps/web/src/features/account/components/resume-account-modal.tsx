import { profileTexts } from '@intergen/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useUnpauseAccount } from '../api/unpause-account';
import { AccountError } from './account-error';

/** Resume Account (spec 000 §2): publishes the paused profile again; a welcome-back banner follows. */
export function ResumeAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const unpause = useUnpauseAccount();

  const close = () => {
    if (unpause.isPending) return;
    unpause.reset();
    onClose();
  };

  const confirm = () => {
    unpause.mutate(undefined, {
      onSuccess: () => close(),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={profileTexts.resumeTitle}>
      <Stack gap="md">
        <Text size="sm">{profileTexts.resumeBody}</Text>
        <AccountError title={profileTexts.unpauseFailed} error={unpause.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={unpause.isPending}>
            {profileTexts.cancel}
          </Button>
          <Button onClick={confirm} loading={unpause.isPending} data-autofocus>
            {profileTexts.resumeTitle}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
