import { Modal, Stack, Text } from '@mantine/core';
import { DialogActions } from './dialog-actions';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: string;
  /** The confirm button's words (the spec's `Remove` or `Decline`). */
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The modal of `ConfirmDialog` (confirm-dialog.tsx), which loads it when first opened. Asks before something is taken away (spec 000 §2: clearing a suggestion, declining or clearing a request):
 * the body says what will happen, Cancel keeps everything as it was, the red button does it.
 */
export function ConfirmDialogModal({
  opened,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Stack gap="lg">
        <Text>{body}</Text>
        <DialogActions
          cancelLabel={cancelLabel}
          onCancel={onCancel}
          confirmLabel={confirmLabel}
          onConfirm={onConfirm}
          color="red"
        />
      </Stack>
    </Modal>
  );
}
