import '@mantine/core/styles/Rating.css';
import './member-card.css';
import type { ProfileCard } from '@intergen/contracts';
import { cardName, connectionUiTexts, profilePageTexts, routes } from '@intergen/domain';
import { Badge, Group, Rating, Text, Title } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One of the four default avatars of the profile type, the same one for a profile every time. */
export function defaultAvatar(card: Pick<ProfileCard, 'id' | 'kind'>): string {
  let hash = 0;
  for (const char of card.id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `/avatars/${card.kind}-${(hash % 4) + 1}.svg`;
}

/** A profile opened over the dashboard (spec 000 §2: profile modals over a base route). */
export function dashboardProfilePath(profileId: string): string {
  return `${routes.dashboard}/${encodeURIComponent(profileId)}`;
}

interface MemberCardHeaderProps {
  card: ProfileCard;
  /** The id given to the name's heading, so that the card and its buttons can refer to it. */
  headingId: string;
  /** Shown at the right (a match score, for instance). */
  aside?: ReactNode;
}

/**
 * The top of a member's card on the dashboard: picture, name (shortened beyond 33 characters, the full name
 * in its tooltip), company, the verified mark and the rating (from 5 reviews).
 */
export function MemberCardHeader({ card, headingId, aside }: MemberCardHeaderProps) {
  const shownName = cardName(card.name);
  return (
    <div className="ig-member-head">
      <img className="ig-member-avatar" src={card.profileImage?.url ?? defaultAvatar(card)} alt="" />
      <div className="ig-member-who">
        <Title order={3} fz="md" id={headingId} title={shownName === card.name ? undefined : card.name}>
          {shownName}
        </Title>
        {card.companyName ? (
          <Text size="sm" fw={500}>
            {card.companyName}
          </Text>
        ) : null}
        {card.isVerified || card.rating ? (
          <Group gap={6} mt={4}>
            {card.isVerified ? (
              <Badge
                variant="filled"
                color="teal.9"
                size="sm"
                leftSection={<IconRosetteDiscountCheck size={12} aria-hidden="true" />}
              >
                {profilePageTexts.verified}
              </Badge>
            ) : null}
            {card.rating ? (
              <div role="img" aria-label={connectionUiTexts.cardRating(card.rating.stars, card.rating.count)}>
                <Rating value={card.rating.stars} fractions={2} count={5} size="xs" readOnly />
              </div>
            ) : null}
          </Group>
        ) : null}
      </div>
      {aside ? <div className="ig-member-aside">{aside}</div> : null}
    </div>
  );
}
