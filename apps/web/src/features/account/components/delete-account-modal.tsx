import '@mantine/core/styles/PasswordInput.css';
import { commonTexts, ownAccountTexts } from '@intergen/domain';
import { Alert, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { ApiError } from '../../../lib/api-client';
import { useDeleteOwnAccount } from '../api/delete-own-account';
import { AccountError } from './account-dialog-parts';

/** The server's word on the password field (wrong, missing), or null when the failure is not the field's. */
function passwordProblem(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.details.find((d) => d.path === 'password')?.message ?? null;
}

/**
 * Delete account (DESIGN.md §4): says what goes and that it cannot be undone, and asks for the
 * password. A wrong password shows on the field; any other failure in the dialog's red banner.
 */
export function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const remove = useDeleteOwnAccount();
  const [password, setPassword] = useState('');
  const fieldError = passwordProblem(remove.error);

  const close = () => {
    if (remove.isPending) return;
    setPassword('');
    remove.reset();
    onClose();
  };
  const confirm = (event?: FormEvent) => {
    event?.preventDefault();
    if (!password || remove.isPending) return;
    remove.mutate({ password });
  };

  return (
    <Modal opened={opened} onClose={close} title={ownAccountTexts.deleteTitle}>
      <form onSubmit={confirm} noValidate>
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="note">
            {ownAccountTexts.deleteIntro}
          </Alert>
          <Text size="sm">{ownAccountTexts.deleteDownloadFirst}</Text>
          <PasswordInput
            label={ownAccountTexts.passwordLabel}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              if (remove.error) remove.reset();
            }}
            autoComplete="current-password"
            error={fieldError}
            // Mantine's error red (red 6) is under AA contrast on white: the message and the typed value take
            // red 9 and the text colour instead.
            styles={{
              error: { color: 'var(--mantine-color-red-9)' },
              input: { color: 'var(--mantine-color-text)' },
            }}
            required
            data-autofocus
          />
          {fieldError ? null : <AccountError title={ownAccountTexts.failed} error={remove.error} />}
          <DialogActions
            cancelLabel={commonTexts.cancel}
            onCancel={close}
            confirmLabel={ownAccountTexts.confirm}
            pending={remove.isPending}
            disabled={password === ''}
            color="red"
          />
        </Stack>
      </form>
    </Modal>
  );
}
