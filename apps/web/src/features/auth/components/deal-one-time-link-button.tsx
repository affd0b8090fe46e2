import { labels, messages } from '@intergen/domain';
import { Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ErrorAlert, InfoAlert } from '../../../components/alerts';
import { ApiError } from '../../../lib/api-client';
import { useRequestDealOneTimeLink } from '../api/request-deal-one-time-link';

export interface DealLinkParams {
  login: string | null;
  deal: string | null;
  redirect: string | null;
}

/** A query value the spec accepts: present and not the text 'null' (spec 001 §5, one-time link). */
function present(value: string | null): value is string {
  return !!value && value !== 'null';
}

/**
 * `Sign in with a one-time link` on /login-options: mails the member named by `login` a fresh link for
 * the deal. Needs the typed e-mail and the login and deal query values; the answer shows in blue.
 */
export function DealOneTimeLinkButton({ email, params }: { email: string; params: DealLinkParams }) {
  const request = useRequestDealOneTimeLink();
  const { reset } = request;
  const [clientError, setClientError] = useState<string | null>(null);

  // Editing the e-mail clears the previous answer, as every other message on the login screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of the e-mail.
  useEffect(() => {
    setClientError(null);
    reset();
  }, [email, reset]);

  const handleClick = () => {
    if (request.isPending) return;
    const { login, deal, redirect } = params;
    if (!email.trim() || !present(login) || !present(deal)) {
      reset();
      setClientError(messages.oneTimeLinkMissingData);
      return;
    }
    setClientError(null);
    request.mutate({ email: email.trim(), login, deal, ...(redirect ? { redirect } : {}) });
  };

  const serverError = request.error
    ? request.error instanceof ApiError && !request.error.isNetworkError
      ? request.error.message
      : messages.oneTimeLinkFailedClient
    : null;

  return (
    <Stack gap="sm">
      <InfoAlert message={request.data?.message} />
      <ErrorAlert message={clientError ?? serverError} />
      <Button variant="default" fullWidth size="md" loading={request.isPending} onClick={handleClick}>
        {labels.signInWithOneTimeLink}
      </Button>
    </Stack>
  );
}
