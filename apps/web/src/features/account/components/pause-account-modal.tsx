import '@mantine/core/styles/Radio.css';
import { pauseReasons } from '@intergen/contracts';
import { accountTexts, commonTexts, pauseReasonLabels, profileTexts } from '@intergen/domain';
import { Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { usePauseAccount } from '../api/pause-account';
import { AccountError, TellUsMore } from './account-dialog-parts';

type PauseReason = (typeof pauseReasons)[number];

/** Whether Pause may be confirmed: a reason or some text (spec 001 §5). */
function canConfirmPause(reason: string | null, text: string): boolean {
  return reason !== null || text.trim() !== '';
}

/**
 * Pause Account (spec 000 §2): optional reason radios and a free-text box; confirm only with one of them.
 * Explains that a confirmation e-mail follows and that login still works.
 */
export function PauseAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const pause = usePauseAccount();
  const [reason, setReason] = useState<PauseReason | null>(null);
  const [text, setText] = useState('');

  const close = () => {
    if (pause.isPending) return;
    setReason(null);
    setText('');
    pause.reset();
    onClose();
  };

  const confirm = () => {
    if (!canConfirmPause(reason, text) || pause.isPending) return;
    const trimmed = text.trim();
    pause.mutate({ reason, ...(trimmed ? { text: trimmed } : {}) }, { onSuccess: close });
  };

  return (
    <Modal opened={opened} onClose={close} title={accountTexts.pauseTitle}>
      <Stack gap="md">
        <Text size="sm">{accountTexts.pauseBody}</Text>
        <Radio.Group
          label={accountTexts.pauseReasonLegend}
          value={reason}
          onChange={(value) => setReason(value as PauseReason)}
        >
          <Stack gap="xs" mt="xs">
            {pauseReasons.map((code) => (
              <Radio key={code} value={code} label={pauseReasonLabels[code]} />
            ))}
          </Stack>
        </Radio.Group>
        <TellUsMore value={text} onChange={setText} />
        <AccountError title={profileTexts.pauseFailed} error={pause.error} />
        <DialogActions
          cancelLabel={commonTexts.cancel}
          onCancel={close}
          confirmLabel={accountTexts.pauseTitle}
          onConfirm={confirm}
          pending={pause.isPending}
          disabled={!canConfirmPause(reason, text)}
        />
      </Stack>
    </Modal>
  );
}
