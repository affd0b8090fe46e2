import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import { disableReasons } from '@intergen/contracts';
import { accountTexts, commonTexts, disableReasonLabels, profileTexts } from '@intergen/domain';
import { Alert, Checkbox, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { useDisableAccount } from '../api/disable-account';
import { AccountError, TellUsMore } from './account-dialog-parts';

type DisableReason = (typeof disableReasons)[number];

/** Whether Disable may be confirmed: at least one reason or some text (spec 001 §5). */
function canConfirmDisable(reasons: readonly string[], text: string): boolean {
  return reasons.length > 0 || text.trim() !== '';
}

/**
 * Disable Account (spec 000 §2): reasons and free text, confirm only with one of them, and the warning that
 * everything including connections is lost. On success the member is signed out and sent to the login.
 */
export function DisableAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const disable = useDisableAccount();
  const [reasons, setReasons] = useState<DisableReason[]>([]);
  const [text, setText] = useState('');

  const close = () => {
    if (disable.isPending) return;
    setReasons([]);
    setText('');
    disable.reset();
    onClose();
  };

  const confirm = () => {
    if (!canConfirmDisable(reasons, text) || disable.isPending) return;
    const trimmed = text.trim();
    disable.mutate({ reasons, ...(trimmed ? { text: trimmed } : {}) });
  };

  return (
    <Modal opened={opened} onClose={close} title={accountTexts.disableTitle}>
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="note">
          {accountTexts.disableWarning}
        </Alert>
        <Checkbox.Group
          label={accountTexts.disableReasonLegend}
          value={reasons}
          onChange={(value) => setReasons(value as DisableReason[])}
        >
          <Stack gap="xs" mt="xs">
            {disableReasons.map((code) => (
              <Checkbox key={code} value={code} label={disableReasonLabels[code]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <TellUsMore value={text} onChange={setText} />
        <AccountError title={profileTexts.deleteFailed} error={disable.error} />
        <DialogActions
          cancelLabel={commonTexts.cancel}
          onCancel={close}
          confirmLabel={accountTexts.disableTitle}
          onConfirm={confirm}
          pending={disable.isPending}
          disabled={!canConfirmDisable(reasons, text)}
          color="red"
        />
      </Stack>
    </Modal>
  );
}
