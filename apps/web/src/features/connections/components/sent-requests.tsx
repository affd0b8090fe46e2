import './request-cards.css';
import type { ConnectionRequest } from '@intergen/contracts';
import { connectionRequestTexts as t } from '@intergen/domain';
import { Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { CardCarousel } from '../../../components/card-carousel';
import { CardActions, MemberCard, ViewProfileButton } from '../../../components/member-card';
import { errorMessage } from '../../../lib/api-client';
import { useCancelRequest } from '../api/cancel-request';
import { useConnections } from '../api/get-connections';
import { formatDate, RequestMessage, RequestSentButtons } from './request-parts';

/**
 * The member's open sent requests, each `Request Sent` with `Cancel request` (the sender's undo, spec 000
 * §4). Nothing is shown while there are none: the recommendations are where requests start.
 */
export function SentRequests({ onViewProfile }: { onViewProfile?: (profileId: string) => void }) {
  const headingId = useId();
  const sent = useConnections().data?.sent ?? [];
  if (sent.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <CardCarousel
        heading={
          <Title order={2} fz="xl" id={headingId}>
            {t.sentHeading}
          </Title>
        }
        labelledBy={headingId}
        label={t.sentHeading}
        items={sent}
        getKey={(request) => request.id}
        renderItem={(request) => <SentRequestCard request={request} onViewProfile={onViewProfile} />}
      />
    </section>
  );
}

function SentRequestCard({
  request,
  onViewProfile,
}: {
  request: ConnectionRequest;
  onViewProfile?: (profileId: string) => void;
}) {
  const headingId = useId();
  const cancel = useCancelRequest();
  const card = request.counterpart;
  return (
    <MemberCard card={card} headingId={headingId}>
      <Text size="xs" c="dimmed">
        {t.sentOn(formatDate(request.requestSentAt))}
      </Text>
      <RequestMessage request={request} />
      <ErrorAlert message={cancel.isError ? t.actionFailed(errorMessage(cancel.error)) : null} />
      <CardActions>
        <RequestSentButtons
          cancelling={cancel.isPending}
          onCancel={() => cancel.mutate(request.id)}
          describedBy={headingId}
        />
        <ViewProfileButton profileId={card.id} headingId={headingId} onView={onViewProfile} />
      </CardActions>
    </MemberCard>
  );
}
