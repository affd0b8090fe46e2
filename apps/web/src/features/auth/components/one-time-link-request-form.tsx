import { authTexts, messages, routes } from '@intergen/domain';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert, InfoAlert } from '../../../components/alerts';
import { ApiError } from '../../../lib/api-client';
import { useRequestOneTimeLink } from '../api/request-one-time-link';
import { AuthLinkLine, EmailField, withRedirect } from './auth-parts';

/** The message for a failed link request: the server's, or the spec's client failure text. */
function linkError(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiError && !error.isNetworkError
    ? error.message
    : messages.oneTimeLinkFailedClient;
}

/** Asks for an e-mail and mails a one-time sign-in link; the server's answer shows in blue. */
export function OneTimeLinkRequestForm({ redirect }: { redirect: string | null }) {
  const request = useRequestOneTimeLink();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    onValuesChange: () => request.reset(),
  });

  const handleSubmit = form.onSubmit(({ email }) => {
    if (request.isPending) return;
    if (!email.trim()) {
      form.getInputNode('email')?.focus();
      return;
    }
    request.mutate({ email: email.trim(), ...(redirect ? { redirect } : {}) });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <InfoAlert message={request.data?.message} />
        <ErrorAlert message={linkError(request.error)} />
        <EmailField key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" fullWidth size="md" loading={request.isPending}>
          {authTexts.requestOneTimeLink}
        </Button>
        <AuthLinkLine lead={authTexts.preferPassword} to={withRedirect(routes.login, redirect)}>
          {authTexts.logInWithPassword}
        </AuthLinkLine>
      </Stack>
    </form>
  );
}
