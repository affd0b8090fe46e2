import { adminProfileTexts } from '@intergen/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';

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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {adminProfileTexts.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
