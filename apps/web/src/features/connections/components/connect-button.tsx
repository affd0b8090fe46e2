import { connectionRequestTexts as t } from '@intergen/domain';
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { WhenOpened } from '../../../components/when-opened';
import { errorMessage } from '../../../lib/api-client';
import { useCancelRequest } from '../api/cancel-request';
import { RequestSentButtons } from './request-parts';

const ConnectDialog = lazy(async () => ({ default: (await import('./connect-dialog')).ConnectDialog }));

interface ConnectButtonProps {
  suggestionId: string;
  /** The counterpart's full name. */
  name: string;
  requestSent: boolean;
  /** The id of the card's heading, so that "Connect" is read with whom. */
  describedBy?: string;
}

/**
 * A card's Connect button; once the request is sent it reads `Request Sent` (disabled) with `Cancel request`
 * beside it, which takes the request back.
 */
export function ConnectButton({ suggestionId, name, requestSent, describedBy }: ConnectButtonProps) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelRequest();

  if (requestSent) {
    return (
      <>
        <RequestSentButtons
          cancelling={cancel.isPending}
          onCancel={() => cancel.mutate(suggestionId)}
          describedBy={describedBy}
        />
        {cancel.isError ? <ErrorAlert message={t.actionFailed(errorMessage(cancel.error))} /> : null}
      </>
    );
  }
  return (
    <>
      <Button
        size="sm"
        onClick={() => setOpen(true)}
        disabled={open}
        leftSection={<IconUserPlus size={16} aria-hidden="true" />}
        aria-describedby={describedBy}
      >
        {t.connect}
      </Button>
      <WhenOpened opened={open}>
        <ConnectDialog opened={open} onClose={() => setOpen(false)} suggestionId={suggestionId} name={name} />
      </WhenOpened>
    </>
  );
}
