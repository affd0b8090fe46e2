import '@mantine/core/styles/PasswordInput.css';
import type { SignInBody } from '@intergen/contracts';
import { authTexts, routes } from '@intergen/domain';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { PageLink } from '../../../components/page-link';
import { errorMessage, problemFields } from '../../../lib/api-client';
import { EmailField } from './auth-parts';
import { useSubmission } from './use-submission';

interface LoginFormProps {
  /**
   * Signs in, then goes where the person lands (the app's routes navigate, the signed-out entry loads the app);
   * rejects with the error to show (an `ApiError`).
   */
  onSubmit: (body: SignInBody) => Promise<void>;
  /** An error to show before anything is typed (a failed one-time link, for instance). */
  initialError?: string | null;
  /** Called whenever an input changes (the spec clears messages on edit). */
  onEdit?: () => void;
  /**
   * Rendered under the form with the e-mail typed so far (the one-time link button of /login-options), and a way to
   * put a message on the e-mail field (cleared when the field is edited) and the caret in it.
   */
  extra?: (email: string, emailNeeded: (message: string) => void) => ReactNode;
  /** Show the Forgot password link. */
  withLinks?: boolean;
}

/**
 * E-mail and password login (spec 000 §2, 001 §5): does nothing unless both are filled, the button is
 * disabled while the request is in flight, editing an input clears the error, errors show in red. React and
 * Mantine only: the app's routes and the signed-out entry each pass their `onSubmit`.
 */
export function LoginForm({
  onSubmit,
  initialError = null,
  onEdit,
  extra,
  withLinks = true,
}: LoginFormProps) {
  const signIn = useSubmission(onSubmit);
  const [values, setValues] = useState({ email: '', password: '' });
  const [emailMessage, setEmailMessage] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const edit = (field: keyof typeof values) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'email') setEmailMessage(null);
    signIn.reset();
    onEdit?.();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    if (!email || !values.password) {
      // Nothing happens without both values; the caret goes to the first empty field.
      (email ? passwordInput : emailInput).current?.focus();
      return;
    }
    signIn.submit({ email, password: values.password });
  };

  const error = signIn.error ? errorMessage(signIn.error) : initialError;
  const invalid = problemFields(signIn.error);

  return (
    <Stack gap="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <ErrorAlert message={error} />
          <EmailField
            ref={emailInput}
            error={emailMessage ?? (invalid.has('email') || undefined)}
            value={values.email}
            onChange={edit('email')}
          />
          <PasswordInput
            ref={passwordInput}
            label={authTexts.password}
            autoComplete="current-password"
            withAsterisk
            error={invalid.has('password') || undefined}
            value={values.password}
            onChange={edit('password')}
          />
          {withLinks ? (
            <Group justify="flex-end" mt={-8}>
              <Anchor component={PageLink} to={routes.forgotPassword} size="sm">
                {authTexts.forgotPasswordLink}
              </Anchor>
            </Group>
          ) : null}
          <Button type="submit" fullWidth size="md" loading={signIn.pending}>
            {authTexts.logIn}
          </Button>
        </Stack>
      </form>
      {extra?.(values.email, (message) => {
        setEmailMessage(message);
        emailInput.current?.focus();
      })}
    </Stack>
  );
}
