import './member-card.css';
import type { ProfileCard } from '@intergen/contracts';
import { cardName, profilePageTexts } from '@intergen/domain';
import { Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { dashboardProfilePath } from '../lib/paths';
import { StarRating, VerifiedBadge } from './member-marks';

/** One of the four default avatars of the profile type, the same one for a profile every time. */
function defaultAvatar(card: Pick<ProfileCard, 'id' | 'kind'>): string {
  let hash = 0;
  for (const char of card.id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `/avatars/${card.kind}-${(hash % 4) + 1}.svg`;
}

interface MemberCardHeaderProps {
  card: ProfileCard;
  /** The id given to the name's heading, so that the card and its buttons can refer to it. */
  headingId: string;
  /** Shown at the right (a match score, for instance). */
  aside?: ReactNode;
  /**
   * The level of the name's heading: 3 under a section's h2 (the dashboard), 2 in a list right under the page's
   * h1 (the communities), so that no heading level is skipped.
   */
  headingOrder?: 2 | 3;
}

/**
 * The top of a member's card on the dashboard: picture, name (shortened beyond 33 characters, the full name
 * in its tooltip and for screen readers; wrapped between words, never inside one), company, the verified mark
 * and the rating (from 5 reviews).
 */
function MemberCardHeader({ card, headingId, aside, headingOrder = 3 }: MemberCardHeaderProps) {
  const shownName = cardName(card.name);
  const shortened = shownName !== card.name;
  return (
    <div className="ig-member-head">
      <img className="ig-member-avatar" src={card.profileImage?.url ?? defaultAvatar(card)} alt="" />
      <div className="ig-member-who">
        <Title
          order={headingOrder}
          fz="md"
          lh="var(--mantine-h3-line-height)"
          id={headingId}
          className="ig-member-name"
          title={shortened ? card.name : undefined}
        >
          {shortened ? (
            <>
              <span aria-hidden="true">{shownName}</span>
              <VisuallyHidden>{card.name}</VisuallyHidden>
            </>
          ) : (
            card.name
          )}
        </Title>
        {card.companyName ? (
          <Text size="sm" fw={500} className="ig-member-company">
            {card.companyName}
          </Text>
        ) : null}
        {card.isVerified || card.rating ? (
          <Group gap={6} mt={4}>
            {card.isVerified ? <VerifiedBadge size="sm" /> : null}
            {card.rating ? (
              <StarRating
                stars={card.rating.stars}
                label={profilePageTexts.cardRating(card.rating.stars, card.rating.count)}
                size="xs"
              />
            ) : null}
          </Group>
        ) : null}
      </div>
      {aside ? <div className="ig-member-aside">{aside}</div> : null}
    </div>
  );
}

interface MemberCardProps extends MemberCardHeaderProps {
  /** Extra classes of the card (`ig-card-leaving` while it fades out). */
  className?: string;
  /** What the card shows under its head, its actions (`CardActions`) last. */
  children: ReactNode;
}

/** A member's card on the dashboard: an article named by the member's name, with the head on top. */
export function MemberCard({ card, headingId, aside, headingOrder, className, children }: MemberCardProps) {
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      className={className ? `ig-member-card ${className}` : 'ig-member-card'}
      aria-labelledby={headingId}
    >
      <MemberCardHeader card={card} headingId={headingId} aside={aside} headingOrder={headingOrder} />
      {children}
    </Paper>
  );
}

/** The row of buttons at the foot of a member's card, sharing its width. */
export function CardActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" mt="auto" className="ig-member-actions">
      {children}
    </Group>
  );
}

interface ViewProfileButtonProps {
  profileId: string;
  /** The id of the card's heading, so that `View Profile` is read with whose. */
  headingId: string;
  /** Told when the profile is opened from the card (with its id). */
  onView?: (profileId: string) => void;
}

/** A card's `View Profile`: the member's profile opened over the dashboard. */
export function ViewProfileButton({ profileId, headingId, onView }: ViewProfileButtonProps) {
  return (
    <Button
      component={Link}
      to={dashboardProfilePath(profileId)}
      size="sm"
      variant="default"
      aria-describedby={headingId}
      onClick={() => onView?.(profileId)}
    >
      {profilePageTexts.viewProfile}
    </Button>
  );
}

/**
 * Skeletons of `count` member cards while a list's cards load: side by side in one row, or laid out by `grid`
 * (the class of the grid that the cards will fill).
 */
export function MemberCardsLoading({ label, count, grid }: { label: string; count: number; grid?: string }) {
  return (
    <ul
      className={grid ?? 'ig-member-cards-loading'}
      aria-busy="true"
      aria-label={label}
      style={grid ? undefined : ({ '--ig-slides': count } as CSSProperties)}
    >
      {Array.from({ length: count }, (_, n) => n).map((n) => (
        <li key={n}>
          <Paper withBorder radius="md" p="md" w="100%" className="ig-member-card-skeleton">
            <Group gap="sm" wrap="nowrap" mb="md">
              <Skeleton height={56} circle />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={14} width="70%" />
                <Skeleton height={12} width="50%" />
              </Stack>
            </Group>
            <Skeleton height={12} mb={8} />
            <Skeleton height={12} width="80%" mb="md" />
            <Skeleton height={32} />
          </Paper>
        </li>
      ))}
    </ul>
  );
}
