import './request-cards.css';
import type { ConnectionRequest, MatchExplanation } from '@intergen/contracts';
import { commonTexts, connectionTimings, connectionRequestTexts as t } from '@intergen/domain';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { CardCarousel } from '../../../components/card-carousel';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyPanel } from '../../../components/empty-panel';
import { LoadFailed } from '../../../components/load-failed';
import {
  CardActions,
  MemberCard,
  MemberCardsLoading,
  ViewProfileButton,
} from '../../../components/member-card';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAcceptRequest } from '../api/accept-request';
import { removeFromBucket } from '../api/connection-action';
import { useDenyRequest } from '../api/deny-request';
import { useDismissRequest } from '../api/dismiss-request';
import { useConnections } from '../api/get-connections';
import { markRequestSeen } from '../api/mark-request-seen';
import { useConnectionNotices } from './connection-notices';
import { formatDate, RequestMessage } from './request-parts';

/** What the app layer lends the cards: the score and "why this match" (matching), and tracking. */
interface RequestCardSlots {
  renderScore?: (explanation: MatchExplanation) => ReactNode;
  renderWhy?: (explanation: MatchExplanation, name: string) => ReactNode;
  /** View Profile was followed from a card (VIEW_PROFILE_FROM_CARD). */
  onViewProfile?: (profileId: string) => void;
  /** A card was cleared from the dashboard (DISMISS_CARD). */
  onCleared?: (profileId: string) => void;
}

type Leaving = 'declined' | 'cleared';
type Confirming = { request: ConnectionRequest; action: 'decline' | 'clear' };
/** A card kept on screen while its decline or clear is under way, then while it fades out. */
type Held = { request: ConnectionRequest; index: number; state: 'busy' | Leaving };

/**
 * The dashboard's received requests (spec 000 §2) as a carousel: each card shows who asked, their message and
 * why they match, with Accept, Decline and `Clear from dashboard`. Decline and clear ask first; the card then
 * says what happened and fades out for the spec's 500 ms before it leaves. The card is held on screen for that
 * time even when the list is read again meanwhile (the live update of the change itself, which no longer
 * lists it, usually comes first).
 */
export function ReceivedRequests(slots: RequestCardSlots) {
  const headingId = useId();
  const connections = useConnections();
  const queryClient = useQueryClient();
  const deny = useDenyRequest();
  const dismiss = useDismissRequest();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [lastConfirming, setLastConfirming] = useState<Confirming | null>(null);
  const [held, setHeld] = useState<ReadonlyMap<string, Held>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const received = connections.data?.received ?? [];

  useEffect(() => {
    const live = timers.current;
    return () => {
      for (const timer of live) clearTimeout(timer);
    };
  }, []);

  const hold = (request: ConnectionRequest, state: Held['state']) =>
    setHeld((current) => {
      const before = current.get(request.id);
      const index = before?.index ?? received.findIndex((r) => r.id === request.id);
      return new Map(current).set(request.id, { request: before?.request ?? request, index, state });
    });
  const release = (id: string) =>
    setHeld((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });

  const leave = (request: ConnectionRequest, how: Leaving) => {
    hold(request, how);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      removeFromBucket(queryClient, 'received', request.id);
      release(request.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
    }, connectionTimings.listRemovalMs);
    timers.current.add(timer);
  };

  const ask = (request: ConnectionRequest, action: Confirming['action']) => {
    setConfirming({ request, action });
    setLastConfirming({ request, action });
  };

  const confirm = async () => {
    if (!confirming) return;
    const { request, action } = confirming;
    setConfirming(null);
    setFailure(null);
    if (action === 'clear') slots.onCleared?.(request.counterpart.id);
    hold(request, 'busy');
    try {
      // mutateAsync: the outcome is handled even when another card's action was started meanwhile.
      await (action === 'decline' ? deny : dismiss).mutateAsync(request);
      leave(request, action === 'decline' ? 'declined' : 'cleared');
    } catch (error) {
      release(request.id);
      setFailure(t.actionFailed(errorMessage(error)));
    }
  };

  // The list as read, with the held cards kept in their places.
  const shown = useMemo(() => {
    const list = [...received];
    for (const { request, index } of held.values()) {
      if (list.some((r) => r.id === request.id)) continue;
      list.splice(index < 0 ? list.length : Math.min(index, list.length), 0, request);
    }
    return list;
  }, [received, held]);

  const heading = (
    <Title order={2} fz="xl" id={headingId}>
      {t.receivedHeading}
    </Title>
  );
  const shownName = lastConfirming?.request.counterpart.name ?? '';

  return (
    <section aria-labelledby={headingId}>
      {connections.isPending || connections.isError || shown.length === 0 ? (
        <Stack gap="md">
          {heading}
          <ErrorAlert message={failure} />
          {connections.isPending ? (
            <MemberCardsLoading label={t.loading} count={1} />
          ) : connections.isError ? (
            <LoadFailed
              message={`${t.loadFailed} ${errorMessage(connections.error)}`}
              retryLabel={commonTexts.tryAgain}
              onRetry={() => connections.refetch()}
            />
          ) : (
            <EmptyPanel icon={<IconInbox aria-hidden="true" />} title={t.noPendingRequests} />
          )}
        </Stack>
      ) : (
        <CardCarousel
          heading={heading}
          labelledBy={headingId}
          label={t.receivedHeading}
          notice={failure ? <ErrorAlert message={failure} /> : null}
          items={shown}
          getKey={(request) => request.id}
          renderItem={(request) => (
            <RequestCard
              request={request}
              busy={held.has(request.id)}
              leaving={leavingOf(held.get(request.id))}
              onDecline={() => ask(request, 'decline')}
              onClear={() => ask(request, 'clear')}
              {...slots}
            />
          )}
        />
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={lastConfirming?.action === 'decline' ? t.declineTitle : t.clearTitle}
        body={lastConfirming?.action === 'decline' ? t.declineBody(shownName) : t.clearRequestBody(shownName)}
        confirmLabel={lastConfirming?.action === 'decline' ? t.decline : t.remove}
        cancelLabel={commonTexts.cancel}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

function leavingOf(held: Held | undefined): Leaving | null {
  return held && held.state !== 'busy' ? held.state : null;
}

interface RequestCardProps extends RequestCardSlots {
  request: ConnectionRequest;
  /** Its decline or clear is under way (or done): its buttons are off. */
  busy: boolean;
  leaving: Leaving | null;
  onDecline: () => void;
  onClear: () => void;
}

/** One received request. Shown means seen: the server is told once. */
function RequestCard({
  request,
  busy: held,
  leaving,
  onDecline,
  onClear,
  renderScore,
  renderWhy,
  onViewProfile,
}: RequestCardProps) {
  const headingId = useId();
  const notices = useConnectionNotices();
  const accept = useAcceptRequest({ onAccepted: notices.accepted });
  const { counterpart: card, explanation } = request;
  const told = useRef(false);

  useEffect(() => {
    if (request.seen || told.current) return;
    told.current = true;
    markRequestSeen(request);
  }, [request]);

  const busy = accept.isPending || held;
  return (
    <MemberCard
      card={card}
      headingId={headingId}
      aside={explanation && renderScore ? renderScore(explanation) : undefined}
      className={leaving ? 'ig-card-leaving' : undefined}
    >
      <Text size="xs" c="dimmed">
        {t.sentOn(formatDate(request.requestSentAt))}
      </Text>
      <RequestMessage request={request} />
      {explanation && renderWhy ? renderWhy(explanation, card.name) : null}
      <ErrorAlert message={accept.isError ? t.actionFailed(errorMessage(accept.error)) : null} />
      <CardActions>
        {leaving === 'declined' ? (
          <Button size="sm" variant="default" disabled>
            {t.markedNotInterested}
          </Button>
        ) : (
          <>
            <Button
              size="sm"
              loading={accept.isPending}
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => accept.mutate(request)}
            >
              {t.accept}
            </Button>
            <Button
              size="sm"
              variant="default"
              disabled={busy}
              aria-describedby={headingId}
              onClick={onDecline}
            >
              {t.decline}
            </Button>
          </>
        )}
        <ViewProfileButton profileId={card.id} headingId={headingId} onView={onViewProfile} />
        {leaving === 'declined' ? null : (
          <Button size="sm" variant="default" disabled={busy} aria-describedby={headingId} onClick={onClear}>
            {t.clearFromDashboard}
          </Button>
        )}
      </CardActions>
    </MemberCard>
  );
}
