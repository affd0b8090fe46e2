import './network.css';
import type { NetworkRequest } from '@intergen/contracts';
import { connectionRequestTexts as ct, profilePageTexts, networkTexts as t } from '@intergen/domain';
import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmailPhoneFacts } from '../../../components/contact-facts';
import { CardActions, MemberCard } from '../../../components/member-card';
import type { NetworkAction } from '../api/network-actions';
import { myNetworkProfilePath } from '../paths';

interface NetworkRequestCardProps {
  request: NetworkRequest;
  busy: boolean;
  onAction: (request: NetworkRequest, action: NetworkAction) => void;
}

/** The contact details of a network-connected expert, as a definition list. */
export function NetworkContact({ contact }: { contact: NonNullable<NetworkRequest['contact']> }) {
  return (
    <dl className="ig-network-contact" aria-label={ct.contactDetails}>
      <EmailPhoneFacts email={contact.email} phone={contact.phone} />
      {contact.linkedin ? (
        <>
          <dt>{profilePageTexts.linkedin}</dt>
          <dd>
            <Anchor href={contact.linkedin} target="_blank" rel="noreferrer" size="sm">
              {contact.linkedin}
            </Anchor>
          </dd>
        </>
      ) : null}
      {contact.jobTitle ? (
        <>
          <dt>{profilePageTexts.jobTitle}</dt>
          <dd>{contact.jobTitle}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The buttons of a network request by its state: Accept/Decline, Requested/Cancel request, or Connected. */
export function NetworkRequestButtons({ request, busy, onAction }: NetworkRequestCardProps) {
  if (request.status === 'connected') {
    return (
      <Badge size="lg" color="teal.9" leftSection={<IconUserCheck size={14} aria-hidden="true" />}>
        {ct.connected}
      </Badge>
    );
  }
  if (request.direction === 'received') {
    return (
      <>
        <Button size="sm" loading={busy} onClick={() => onAction(request, 'accept')}>
          {ct.accept}
        </Button>
        <Button size="sm" variant="default" disabled={busy} onClick={() => onAction(request, 'decline')}>
          {ct.decline}
        </Button>
      </>
    );
  }
  return (
    <>
      <Badge size="lg" variant="light">
        {t.requested}
      </Badge>
      <Button size="sm" variant="default" loading={busy} onClick={() => onAction(request, 'cancel')}>
        {ct.cancelRequest}
      </Button>
    </>
  );
}

const dateOf = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric' });

/** What the request is: who asked whom and when (the expert named on the card is the other one). */
export function requestSummary(request: NetworkRequest): string {
  if (request.status === 'connected')
    return t.connectedSince(dateOf(request.connectedOn ?? request.requestedAt));
  return request.direction === 'received'
    ? t.receivedOn(dateOf(request.requestedAt))
    : t.sentOn(dateOf(request.requestedAt));
}

/**
 * A network request or connection as a card: the other expert, what the request is and when, the venture it came
 * through, contact once connected.
 */
export function NetworkRequestCard(props: NetworkRequestCardProps) {
  const headingId = useId();
  const { request } = props;
  return (
    <MemberCard card={request.counterpart} headingId={headingId}>
      <Text size="sm">{requestSummary(request)}</Text>
      {request.viaCompanyName ? (
        <Text size="sm" c="dimmed">
          {t.via(request.viaCompanyName)}
        </Text>
      ) : null}
      {request.contact ? <NetworkContact contact={request.contact} /> : null}
      <CardActions>
        <Button
          component={Link}
          to={myNetworkProfilePath(request.counterpart.id)}
          size="sm"
          variant="default"
          aria-describedby={headingId}
        >
          {profilePageTexts.viewProfile}
        </Button>
        <NetworkRequestButtons {...props} />
      </CardActions>
    </MemberCard>
  );
}
