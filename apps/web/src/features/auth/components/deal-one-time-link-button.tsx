import { authTexts, emailProblem, messages } from '@intergen/domain';
import { Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ErrorAlert, InfoAlert } from '../../../components/alerts';
import { ApiError } from '../../../lib/api-client';
import { useRequestDealOneTimeLink } from '../api/request-deal-one-time-link';
import { useRequestOneTimeLink } from '../api/request-one-time-link';

interface DealLinkParams {
  login: string | null;
  deal: string | null;
  redirect: string | null;
}

/** A query value the spec accepts: present and not the text 'null' (spec 001 §5, one-time link). */
function present(value: string | null): value is string {
  return !!value && value !== 'null';
}

/**
 * `Sign in with a one-time link` on /login-options. From a CRM deal link (`login` or `deal` in the address) it
 * mails the member named by `login` a fresh link for the deal, and needs the typed e-mail and both values
 * (spec 001 §5: a missing one is `Failed to generate link without required data`; an empty e-mail also puts a
 * message on the e-mail field, through `onEmailMissing`). Without them (an expired link, a bookmark) it mails a
 * one-time link to the typed e-mail, as /login-one-time-request does. The answer shows in blue.
 */
export function DealOneTimeLinkButton({
  email,
  params,
  onEmailMissing,
}: {
  email: string;
  params: DealLinkParams;
  /** Called when the button is pressed with no e-mail typed: the form says on the field that it is needed. */
  onEmailMissing?: () => void;
}) {
  const forDeal = useRequestDealOneTimeLink();
  const plain = useRequestOneTimeLink();
  const isDealLink = params.login !== null || params.deal !== null;
  const request = isDealLink ? forDeal : plain;
  const resetDeal = forDeal.reset;
  const resetPlain = plain.reset;
  const [clientError, setClientError] = useState<string | null>(null);

  // Editing the e-mail clears the previous answer, as every other message on the login screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of the e-mail.
  useEffect(() => {
    setClientError(null);
    resetDeal();
    resetPlain();
  }, [email, resetDeal, resetPlain]);

  const handleClick = () => {
    if (request.isPending) return;
    const { login, deal, redirect } = params;
    const typed = email.trim();
    if (!typed) onEmailMissing?.();
    if (!isDealLink) {
      const problem = emailProblem(typed);
      if (problem) {
        plain.reset();
        setClientError(problem);
        return;
      }
      setClientError(null);
      plain.mutate({ email: typed, ...(redirect ? { redirect } : {}) });
      return;
    }
    if (!typed || !present(login) || !present(deal)) {
      forDeal.reset();
      setClientError(messages.oneTimeLinkMissingData);
      return;
    }
    setClientError(null);
    forDeal.mutate({ email: typed, login, deal, ...(redirect ? { redirect } : {}) });
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
        {authTexts.signInWithOneTimeLink}
      </Button>
    </Stack>
  );
}
