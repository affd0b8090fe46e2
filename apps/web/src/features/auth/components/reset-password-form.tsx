import '@mantine/core/styles/PasswordInput.css';
import { authTexts, messages, passwordProblem, routes } from '@intergen/domain';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert, SuccessAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { AuthLinkLine } from './auth-parts';

/** The problem with a new password and its confirmation, checked before calling the server. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (!password || !confirm) return messages.allFieldsRequired;
  if (password !== confirm) return messages.passwordsDoNotMatch;
  return passwordProblem(password);
}

/** Sets a new password with the token of an e-mailed reset link (/reset-password?token=…). */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [clientError, setClientError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    onValuesChange: () => {
      setClientError(null);
      reset.reset();
    },
  });

  const handleSubmit = form.onSubmit(({ password, confirmPassword }) => {
    if (reset.isPending) return;
    const problem = newPasswordProblem(password, confirmPassword);
    if (problem) {
      setClientError(problem);
      return;
    }
    reset.mutate({ token, password });
  });

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <SuccessAlert message={reset.data.message} />
        <Button component={Link} to={routes.login} fullWidth size="md">
          {authTexts.logIn}
        </Button>
      </Stack>
    );
  }

  const error = clientError ?? (reset.error ? errorMessage(reset.error) : null);
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ErrorAlert message={error} />
        <PasswordInput
          label={authTexts.newPassword}
          description={authTexts.passwordHint}
          autoComplete="new-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={authTexts.confirmNewPassword}
          autoComplete="new-password"
          withAsterisk
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          {authTexts.setNewPassword}
        </Button>
        {reset.error ? (
          <AuthLinkLine lead={authTexts.linkExpired} to={routes.forgotPassword}>
            {authTexts.requestNewOne}
          </AuthLinkLine>
        ) : null}
      </Stack>
    </form>
  );
}
