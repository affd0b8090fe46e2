import './request-cards.css';
import type { ConnectionRequest } from '@intergen/contracts';
import { commonTexts, connectionRequestTexts, reviewTexts as t } from '@intergen/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessageStar, IconUsers } from '@tabler/icons-react';
import { lazy, type ReactNode, startTransition, useId, useMemo, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { CardCarousel, useSlidesPerView } from '../../../components/card-carousel';
import { EmailPhoneFacts } from '../../../components/contact-facts';
import { EmptyPanel } from '../../../components/empty-panel';
import { LoadFailed } from '../../../components/load-failed';
import {
  CardActions,
  MemberCard,
  MemberCardsLoading,
  ViewProfileButton,
} from '../../../components/member-card';
import { StarRating } from '../../../components/member-marks';
import { WhenOpened } from '../../../components/when-opened';
import { errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/session';
import { useCloseRequest } from '../api/close-request';
import { useConnections } from '../api/get-connections';
import { MeetingInvites } from './meeting-invites';
import { formatDate } from './request-parts';

const ReviewDialog = lazy(async () => ({ default: (await import('./review-dialog')).ReviewDialog }));

/**
 * How many connections waiting for a review the prompt lists; the others are behind Show all. All of them at
 * once made the prompt grow under the page's cards as they came in (a layout shift of 0.3–0.4 with 50 waiting,
 * bench/dashboard.bench.ts), and a long list of names pushed the recommendations far down.
 */
const waitingShownFirst = 5;

/** The connections still waiting for the member's review: unrated and not closed by the member. */
function toReview(unrated: ConnectionRequest[]): ConnectionRequest[] {
  return unrated.filter((connection) => !connection.reviewClosed);
}

/**
 * `Did you meet with your new connections?` (spec 000 §2), shown while a connection waits for the member's
 * review: each one by name with `Rate experience` (the review dialog) and `Complete` (closed without a rating,
 * for this member only).
 */
export function ReviewPrompt() {
  const connections = useConnections();
  const [reviewing, setReviewing] = useState<ConnectionRequest | null>(null);
  const waiting = useMemo(() => toReview(connections.data?.unrated ?? []), [connections.data]);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? waiting : waiting.slice(0, waitingShownFirst);
  const headingId = useId();
  const listId = useId();
  return (
    <>
      {waiting.length > 0 ? (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap">
              <IconMessageStar size={28} aria-hidden="true" />
              <Title order={2} fz="lg" id={headingId}>
                {t.reviewPrompt}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t.reviewPromptHint}
            </Text>
            <ul className="ig-review-waiting" id={listId}>
              {shown.map((connection) => (
                <WaitingReview
                  key={connection.id}
                  connection={connection}
                  onRate={() => setReviewing(connection)}
                />
              ))}
            </ul>
            {waiting.length > waitingShownFirst ? (
              <Group>
                <Button
                  // Mantine's subtle labels fall under AA on their hover tint (why-this-match.tsx); default stays above.
                  variant="default"
                  size="compact-sm"
                  aria-expanded={showAll}
                  aria-controls={listId}
                  onClick={() => startTransition(() => setShowAll((all) => !all))}
                >
                  {showAll ? t.showFewerWaiting : t.showAllWaiting(waiting.length)}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      <WhenOpened opened={reviewing !== null}>
        <ReviewDialog
          connection={reviewing}
          surveyFormUrl={connections.data?.surveyFormUrl ?? null}
          onClose={() => setReviewing(null)}
        />
      </WhenOpened>
    </>
  );
}

/** One connection waiting for the member's review, with its two actions. */
function WaitingReview({ connection, onRate }: { connection: ConnectionRequest; onRate: () => void }) {
  const nameId = useId();
  const close = useCloseRequest();
  const card = connection.counterpart;
  return (
    <li>
      <Group justify="space-between" gap="xs">
        <Text fw={600} id={nameId} className="ig-review-waiting-name">
          {card.name}
          {card.companyName && card.companyName !== card.name ? (
            <Text span c="dimmed" fw={400}>
              {` · ${card.companyName}`}
            </Text>
          ) : null}
        </Text>
        <Group gap="xs">
          <Button size="sm" onClick={onRate} aria-describedby={nameId}>
            {t.rateExperience}
          </Button>
          <Button
            size="sm"
            variant="default"
            loading={close.isPending}
            aria-describedby={nameId}
            onClick={() => close.mutate(connection)}
          >
            {t.complete}
          </Button>
        </Group>
      </Group>
      <ErrorAlert message={close.isError ? t.closeFailed(errorMessage(close.error)) : null} />
    </li>
  );
}

/**
 * A section's heading over a row of skeleton cards, while the connections are asked for: on My Network the sections
 * show at once (the page does not wait for its lists as the dashboard does), and a row about as tall as the cards
 * keeps the footer where the cards will push it (a layout shift of 0.02 when the sections arrived empty-handed).
 */
function LoadingSection({ title }: { title: string }) {
  const slides = useSlidesPerView();
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        {title}
      </Title>
      <MemberCardsLoading label={connectionRequestTexts.loading} count={slides} />
    </Stack>
  );
}

/** A section's heading over why the connections could not be loaded, with Try again. */
function FailedSection({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        {title}
      </Title>
      <LoadFailed
        message={`${connectionRequestTexts.loadFailed} ${errorMessage(error)}`}
        retryLabel={commonTexts.tryAgain}
        onRetry={onRetry}
      />
    </Stack>
  );
}

/**
 * A titled carousel of connections with their review buttons and the review dialog; `empty` when there are
 * none.
 */
function ConnectionsSection({
  title,
  items,
  empty,
  notice,
  surveyFormUrl,
  onViewProfile,
}: {
  title: string;
  items: ConnectionRequest[];
  empty: { icon: ReactNode; title: string };
  notice?: ReactNode;
  surveyFormUrl: string | null;
  onViewProfile?: ((profileId: string) => void) | undefined;
}) {
  const headingId = useId();
  const [reviewing, setReviewing] = useState<ConnectionRequest | null>(null);
  const heading = (
    <Title order={2} fz="xl" id={headingId}>
      {title}
    </Title>
  );
  return (
    <section aria-labelledby={headingId}>
      {items.length === 0 ? (
        <Stack gap="md">
          {heading}
          <EmptyPanel icon={empty.icon} title={empty.title} />
        </Stack>
      ) : (
        <CardCarousel
          heading={heading}
          labelledBy={headingId}
          label={title}
          notice={notice}
          items={items}
          getKey={(connection) => connection.id}
          renderItem={(connection) => (
            <ConnectionCard
              connection={connection}
              onReview={() => setReviewing(connection)}
              onViewProfile={onViewProfile}
            />
          )}
        />
      )}
      <WhenOpened opened={reviewing !== null}>
        <ReviewDialog
          connection={reviewing}
          surveyFormUrl={surveyFormUrl}
          onClose={() => setReviewing(null)}
        />
      </WhenOpened>
    </section>
  );
}

/**
 * The member's connections: contact details, meeting invites, and the review (to leave, or the rating
 * given). `All reviews complete` once every connection is rated; `You have no connections` before the first.
 */
export function YourConnections({
  onViewProfile,
  reviewedOnly = false,
}: {
  onViewProfile?: (profileId: string) => void;
  /** Only the reviewed connections: the page lists those waiting for a review above, each connection once. */
  reviewedOnly?: boolean;
}) {
  const connections = useConnections();
  // One list per answer of the server: the carousel renders its cards again only when the list changes.
  const items = useMemo(() => {
    if (!connections.data) return [];
    const { unrated, rated } = connections.data;
    return reviewedOnly ? rated : [...unrated, ...rated];
  }, [connections.data, reviewedOnly]);
  if (connections.isPending) return <LoadingSection title={connectionRequestTexts.connectionsHeading} />;
  if (!connections.data) return null;
  const { unrated, surveyFormUrl } = connections.data;
  // Every connection is in the review list above: nothing to list again, and "no connections" would be untrue.
  if (reviewedOnly && items.length === 0 && unrated.length > 0) return null;
  return (
    <ConnectionsSection
      title={connectionRequestTexts.connectionsHeading}
      items={items}
      empty={{ icon: <IconUsers aria-hidden="true" />, title: connectionRequestTexts.youHaveNoConnections }}
      notice={
        unrated.length === 0 ? (
          <Text role="status" fw={600} c="teal.9">
            {t.allReviewsComplete}
          </Text>
        ) : null
      }
      surveyFormUrl={surveyFormUrl}
      onViewProfile={onViewProfile}
    />
  );
}

/**
 * `Review Your Recent Connections` (spec 000 §2, My Network): the connections still waiting for the member's
 * review, each with its review button; `All reviews complete` when none is left.
 */
export function ConnectionsToReview({
  title,
  onViewProfile,
}: {
  title: string;
  onViewProfile?: (profileId: string) => void;
}) {
  const connections = useConnections();
  const items = useMemo(() => toReview(connections.data?.unrated ?? []), [connections.data]);
  if (connections.isPending) return <LoadingSection title={title} />;
  // Only on My Network, where nothing else on the page says it: the dashboard's Connection Requests do.
  if (connections.isError && !connections.data) {
    return (
      <FailedSection title={title} error={connections.error} onRetry={() => void connections.refetch()} />
    );
  }
  if (!connections.data) return null;
  return (
    <ConnectionsSection
      title={title}
      items={items}
      empty={{ icon: <IconMessageStar aria-hidden="true" />, title: t.allReviewsComplete }}
      surveyFormUrl={connections.data.surveyFormUrl}
      onViewProfile={onViewProfile}
    />
  );
}

function ConnectionCard({
  connection,
  onReview,
  onViewProfile,
}: {
  connection: ConnectionRequest;
  onReview: () => void;
  onViewProfile?: (profileId: string) => void;
}) {
  const user = useSignedInUser();
  const headingId = useId();
  const card = connection.counterpart;
  const { contact } = connection;
  // The member's own rating of the other side: an expert rates the venture, a company the expert.
  const myRating = user.kind === 'expert' ? connection.ventureRating : connection.expertRating;
  return (
    <MemberCard card={card} headingId={headingId}>
      {connection.connectedOn ? (
        <Text size="xs" c="dimmed">
          {connectionRequestTexts.connectedOn(formatDate(connection.connectedOn))}
        </Text>
      ) : null}
      {contact ? (
        <dl className="ig-request-facts" aria-label={connectionRequestTexts.contactDetails}>
          <EmailPhoneFacts email={contact.email} phone={contact.phone} />
        </dl>
      ) : null}
      <MeetingInvites connection={connection} />
      <CardActions>
        {myRating === null ? (
          <Button size="sm" onClick={onReview} aria-describedby={headingId}>
            {t.leaveReview}
          </Button>
        ) : (
          <StarRating stars={myRating} label={t.ratedLabel(myRating)} size="sm" />
        )}
        <ViewProfileButton profileId={card.id} headingId={headingId} onView={onViewProfile} />
      </CardActions>
    </MemberCard>
  );
}
