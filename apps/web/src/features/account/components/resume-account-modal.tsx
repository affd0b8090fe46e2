import { accountTexts, commonTexts, profileTexts } from '@intergen/domain';
import { Modal, Stack, Text } from '@mantine/core';
import { DialogActions } from '../../../components/dialog-actions';
import { useUnpauseAccount } from '../api/unpause-account';
import { AccountError } from './account-dialog-parts';

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
    <Modal opened={opened} onClose={close} title={accountTexts.resumeTitle}>
      <Stack gap="md">
        <Text size="sm">{accountTexts.resumeBody}</Text>
        <AccountError title={profileTexts.unpauseFailed} error={unpause.error} />
        <DialogActions
          cancelLabel={commonTexts.cancel}
          onCancel={close}
          confirmLabel={accountTexts.resumeTitle}
          onConfirm={confirm}
          pending={unpause.isPending}
          autoFocus
        />
      </Stack>
    </Modal>
  );
}
