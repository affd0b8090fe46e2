import { commonTexts, connectionRequestTexts as t } from '@intergen/domain';
import { Badge, Button, Text } from '@mantine/core';
import { IconCheck, IconUserCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAcceptRequest } from '../api/accept-request';
import { useCancelRequest } from '../api/cancel-request';
import { useDenyRequest } from '../api/deny-request';
import { useConnections } from '../api/get-connections';
import { ConnectButton } from './connect-button';
import { useConnectionNotices } from './connection-notices';

interface ProfileConnectionActionsProps {
  profileId: string;
  /** The member's full name. */
  name: string;
  /**
   * The open suggestion with this member (a Connect button needs it); null when the caller looked and there is
   * none, left out when the caller does not know.
   */
  suggestionId?: string | null;
}

/**
 * The connection buttons on another member's profile (the side card): Accept and Decline for a request they
 * sent, `Request Sent` with `Cancel request` for one the viewer sent, `Connected` once connected, and
 * Connect when there is an open suggestion between the two. When the caller knows there is none, a line says
 * why no button is offered: a request needs a match suggestion (spec 001 §5). Nothing otherwise.
 */
export function ProfileConnectionActions({ profileId, name, suggestionId }: ProfileConnectionActionsProps) {
  const connections = useConnections();
  const queryClient = useQueryClient();
  const deny = useDenyRequest();
  const cancel = useCancelRequest();
  const notices = useConnectionNotices();
  const accept = useAcceptRequest({ onAccepted: notices.accepted });
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  if (!connections.data) return null;
  const { received, sent, unrated, rated } = connections.data;
  const withThem = (list: typeof received) => list.find((r) => r.counterpart.id === profileId);

  const failure = accept.error ?? deny.error ?? cancel.error;
  const failureAlert = failure ? <ErrorAlert message={t.actionFailed(errorMessage(failure))} /> : null;

  if (withThem(unrated) ?? withThem(rated)) {
    return (
      <Badge size="lg" color="teal.9" leftSection={<IconUserCheck size={14} aria-hidden="true" />}>
        {t.connected}
      </Badge>
    );
  }
  const incoming = withThem(received);
  if (incoming) {
    return (
      <>
        <Button loading={accept.isPending} disabled={deny.isPending} onClick={() => accept.mutate(incoming)}>
          {t.accept}
        </Button>
        <Button
          variant="default"
          disabled={accept.isPending || deny.isPending}
          onClick={() => setConfirmingDecline(true)}
        >
          {t.decline}
        </Button>
        {failureAlert}
        <ConfirmDialog
          opened={confirmingDecline}
          title={t.declineTitle}
          body={t.declineBody(name)}
          confirmLabel={t.decline}
          cancelLabel={commonTexts.cancel}
          onConfirm={() => {
            setConfirmingDecline(false);
            deny.mutate(incoming, {
              onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections }),
            });
          }}
          onCancel={() => setConfirmingDecline(false)}
        />
      </>
    );
  }
  const outgoing = withThem(sent);
  if (outgoing) {
    return (
      <>
        <Button disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
          {t.requestSent}
        </Button>
        <Button variant="default" loading={cancel.isPending} onClick={() => cancel.mutate(outgoing.id)}>
          {t.cancelRequest}
        </Button>
        {failureAlert}
      </>
    );
  }
  if (deny.isSuccess) {
    return (
      <Button variant="default" disabled>
        {t.markedNotInterested}
      </Button>
    );
  }
  if (suggestionId) return <ConnectButton suggestionId={suggestionId} name={name} requestSent={false} />;
  if (suggestionId === null) {
    return (
      <Text size="sm" c="dimmed">
        {t.connectNeedsSuggestion}
      </Text>
    );
  }
  return null;
}
