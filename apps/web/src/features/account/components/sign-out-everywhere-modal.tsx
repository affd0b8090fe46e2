import { accountTexts, commonTexts } from '@intergen/domain';
import { Modal, Stack, Text } from '@mantine/core';
import { DialogActions } from '../../../components/dialog-actions';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { AccountError } from './account-dialog-parts';

/** Sign out everywhere: says that every device is signed out, this one included, and asks to confirm. */
export function SignOutEverywhereModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const signOut = useSignOutEverywhere();
  const close = () => {
    if (signOut.isPending) return;
    signOut.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={accountTexts.signOutEverywhere}>
      <Stack gap="md">
        <Text size="sm">{accountTexts.signOutEverywhereBody}</Text>
        <AccountError title={accountTexts.signOutEverywhereFailed} error={signOut.error} />
        <DialogActions
          cancelLabel={commonTexts.cancel}
          onCancel={close}
          confirmLabel={accountTexts.signOutEverywhere}
          onConfirm={() => signOut.mutate()}
          pending={signOut.isPending}
          color="red"
        />
      </Stack>
    </Modal>
  );
}
