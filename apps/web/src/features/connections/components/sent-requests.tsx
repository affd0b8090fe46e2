import './request-cards.css';
import type { ConnectionRequest } from '@intergen/contracts';
import { connectionUiTexts as t } from '@intergen/domain';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { CardCarousel } from '../../../components/card-carousel';
import { dashboardProfilePath, MemberCardHeader } from '../../../components/member-card';
import { errorMessage } from '../../../lib/api-client';
import { useCancelRequest } from '../api/cancel-request';
import { useConnections } from '../api/get-connections';
import { formatDate, RequestMessage } from './request-parts';

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
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      className="ig-request"
      aria-labelledby={headingId}
    >
      <MemberCardHeader card={card} headingId={headingId} />
      <Text size="xs" c="dimmed">
        {t.sentOn(formatDate(request.requestSentAt))}
      </Text>
      <RequestMessage request={request} />
      <ErrorAlert message={cancel.isError ? t.actionFailed(errorMessage(cancel.error)) : null} />
      <Group gap="xs" mt="auto" className="ig-request-actions">
        <Button size="sm" disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
          {t.requestSent}
        </Button>
        <Button
          size="sm"
          variant="default"
          loading={cancel.isPending}
          aria-describedby={headingId}
          onClick={() => cancel.mutate(request.id)}
        >
          {t.cancelRequest}
        </Button>
        <Button
          component={Link}
          to={dashboardProfilePath(card.id)}
          size="sm"
          variant="default"
          aria-describedby={headingId}
          onClick={() => onViewProfile?.(card.id)}
        >
          {t.viewProfile}
        </Button>
      </Group>
    </Paper>
  );
}
