import { pauseReasons } from '@intergen/contracts';
import { accountTexts, pauseReasonLabels, profileTexts } from '@intergen/domain';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { usePauseAccount } from '../api/pause-account';
import { AccountError } from './account-error';

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
    <Modal opened={opened} onClose={close} title={profileTexts.pauseTitle}>
      <Stack gap="md">
        <Text size="sm">{profileTexts.pauseBody}</Text>
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
        <Textarea
          label={accountTexts.tellUsMore}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={1000}
          rows={3}
        />
        <AccountError title={profileTexts.pauseFailed} error={pause.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pause.isPending}>
            {profileTexts.cancel}
          </Button>
          <Button onClick={confirm} disabled={!canConfirmPause(reason, text)} loading={pause.isPending}>
            {profileTexts.pauseTitle}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
