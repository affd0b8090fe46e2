import { authTexts, emailProblem, routes } from '@intergen/domain';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert, SuccessAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthLinkLine, EmailField } from './auth-parts';

/**
 * E-mail input and Reset Password button; only sends when the e-mail is non-empty (spec 001 §5) and well-formed
 * (DESIGN.md §4: `Please enter a valid e-mail address` on the field).
 */
export function ForgotPasswordForm() {
  const reset = useRequestPasswordReset();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    onValuesChange: () => reset.reset(),
  });

  const handleSubmit = form.onSubmit(({ email }) => {
    if (reset.isPending) return;
    if (!email.trim()) {
      form.getInputNode('email')?.focus();
      return;
    }
    const problem = emailProblem(email.trim());
    if (problem) {
      form.setFieldError('email', problem);
      form.getInputNode('email')?.focus();
      return;
    }
    reset.mutate({ email: email.trim() });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SuccessAlert message={reset.data?.message} />
        <ErrorAlert message={reset.error ? errorMessage(reset.error) : null} />
        <EmailField key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          {authTexts.resetPassword}
        </Button>
        <AuthLinkLine lead={authTexts.rememberedIt} to={routes.login}>
          {authTexts.backToLogin}
        </AuthLinkLine>
      </Stack>
    </form>
  );
}
