import '@mantine/core/styles/PasswordInput.css';
import { authTexts, commonTexts, messages } from '@intergen/domain';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../../components/alerts';
import { DialogActions } from '../../../components/dialog-actions';
import { errorMessage, problemFields } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { newPasswordProblem } from './reset-password-form';

interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Change Password (spec 000 §2, account dialogs): current, new and confirm fields; states idle,
 * submitting, success (`Password changed successfully!`) or error.
 */
function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const change = useChangePassword();
  const [clientError, setClientError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    onValuesChange: () => {
      setClientError(null);
      if (!change.isPending) change.reset();
    },
  });

  const close = () => {
    if (change.isPending) return;
    form.reset();
    setClientError(null);
    change.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    if (change.isPending) return;
    const problem = values.currentPassword
      ? newPasswordProblem(values.newPassword, values.confirmPassword)
      : messages.allFieldsRequired;
    if (problem) {
      setClientError(problem);
      return;
    }
    change.mutate(values);
  });

  const error = clientError ?? (change.error ? errorMessage(change.error) : null);
  const invalid = problemFields(change.error);

  return (
    <Modal opened={opened} onClose={close} title={authTexts.changePassword}>
      {change.isSuccess ? (
        <Stack gap="md">
          <SuccessAlert message={change.data.message} />
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {commonTexts.close}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <ErrorAlert message={error} />
            <PasswordInput
              label={authTexts.currentPassword}
              autoComplete="current-password"
              withAsterisk
              data-autofocus
              error={invalid.has('currentPassword') || undefined}
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label={authTexts.newPassword}
              description={authTexts.passwordHint}
              autoComplete="new-password"
              withAsterisk
              error={invalid.has('newPassword') || undefined}
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label={authTexts.confirmNewPassword}
              autoComplete="new-password"
              withAsterisk
              error={invalid.has('confirmPassword') || undefined}
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            <DialogActions
              cancelLabel={commonTexts.cancel}
              onCancel={close}
              confirmLabel={authTexts.changePassword}
              pending={change.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The Account section's `Change Password` button with its modal (composed into /profile/edit by the app). */
export function ChangePasswordButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        {authTexts.changePassword}
      </Button>
      <ChangePasswordModal opened={opened} onClose={close} />
    </>
  );
}
