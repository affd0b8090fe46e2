import { afterLoginPath, authTexts, routes } from '@intergen/domain';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage, problemFields } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { EmailField } from './auth-parts';

interface LoginFormProps {
  /** The raw `redirect` query value, honoured after sign-in when the role allows it. */
  redirect: string | null;
  /** An error to show before anything is typed (a failed one-time link, for instance). */
  initialError?: string | null;
  /** Called whenever an input changes (the spec clears messages on edit). */
  onEdit?: () => void;
  /** Rendered under the form with the e-mail typed so far (the one-time link button of /login-options). */
  extra?: (email: string) => ReactNode;
  /** Show the Sign Up and Forgot password links. */
  withLinks?: boolean;
}

/**
 * E-mail and password login (spec 000 §2, 001 §5): does nothing unless both are filled, the button is
 * disabled while the request is in flight, editing an input clears the error, errors show in red.
 */
export function LoginForm({
  redirect,
  initialError = null,
  onEdit,
  extra,
  withLinks = true,
}: LoginFormProps) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    onValuesChange: () => {
      signIn.reset();
      onEdit?.();
    },
  });

  const handleSubmit = form.onSubmit(({ email, password }) => {
    if (signIn.isPending) return;
    if (!email.trim() || !password) {
      // Nothing happens without both values; the caret goes to the first empty field.
      form.getInputNode(email.trim() ? 'password' : 'email')?.focus();
      return;
    }
    signIn.mutate(
      { email: email.trim(), password },
      { onSuccess: ({ user }) => navigate(afterLoginPath(user, redirect), { replace: true }) },
    );
  });

  const error = signIn.error ? errorMessage(signIn.error) : initialError;
  const invalid = problemFields(signIn.error);

  return (
    <Stack gap="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <ErrorAlert message={error} />
          <EmailField
            error={invalid.has('email') || undefined}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={authTexts.password}
            autoComplete="current-password"
            withAsterisk
            error={invalid.has('password') || undefined}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          {withLinks ? (
            <Group justify="flex-end" mt={-8}>
              <Anchor component={Link} to={routes.forgotPassword} size="sm">
                {authTexts.forgotPasswordLink}
              </Anchor>
            </Group>
          ) : null}
          <Button type="submit" fullWidth size="md" loading={signIn.isPending}>
            {authTexts.logIn}
          </Button>
        </Stack>
      </form>
      {extra?.(form.values.email)}
    </Stack>
  );
}
