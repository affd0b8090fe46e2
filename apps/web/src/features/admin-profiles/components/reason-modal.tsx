import { adminProfileTexts, commonTexts } from '@intergen/domain';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { DialogActions } from '../../../components/dialog-actions';

/** Asks for the reason of a deactivation or an unpublish; the reason is required. */
export function ReasonModal({
  title,
  hint,
  confirmLabel,
  error,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  hint: string;
  confirmLabel: string;
  error: string | null;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const confirm = () => {
    if (pending) return;
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  };

  return (
    <Modal opened onClose={() => (pending ? undefined : onClose())} title={title}>
      <Stack gap="md">
        <Text size="sm">{hint}</Text>
        <Textarea
          label={adminProfileTexts.reasonLabel}
          withAsterisk
          data-autofocus
          value={reason}
          maxLength={1000}
          rows={3}
          error={missing ? adminProfileTexts.reasonRequired : undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
        />
        <ErrorAlert message={error} />
        <DialogActions
          cancelLabel={commonTexts.cancel}
          onCancel={onClose}
          confirmLabel={confirmLabel}
          onConfirm={confirm}
          pending={pending}
          color="red"
        />
      </Stack>
    </Modal>
  );
}
