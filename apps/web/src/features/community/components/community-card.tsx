import type { MatchingListItem } from '@intergen/contracts';
import { areasOfImprovement, industries, profilePageTexts, suggestionTexts } from '@intergen/domain';
import { Badge, Button, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { CardActions, MemberCard } from '../../../components/member-card';

/** How many chips of each kind a card shows before "+N more". */
const chipsShown = 3;

interface CommunityCardProps {
  item: MatchingListItem;
  /** Where `View Profile` goes: the profile over the list, the list's filters kept. */
  profileHref: string;
  /** The score and the strong-match badge, composed in by the app layer (null when there is no score). */
  aside?: ReactNode;
  onView: (profileId: string) => void;
}

/**
 * A member in a community: picture, name, company, headline, industries and expertise / needs, the verified
 * mark and rating, the score and strong-match badge where there is a score, and `View Profile`.
 */
export function CommunityCard({ item, profileHref, aside, onView }: CommunityCardProps) {
  const headingId = useId();
  return (
    <MemberCard card={item} headingId={headingId} aside={aside} headingOrder={2}>
      {item.headline ? (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {item.headline}
        </Text>
      ) : null}
      <Chips
        label={profilePageTexts.industries}
        labels={item.industries.map((code) => industries.labels[code])}
      />
      <Chips
        label={suggestionTexts.areas[item.kind]}
        labels={item.areas.map((code) => areasOfImprovement.labels[code])}
      />
      <CardActions>
        <Button
          component={Link}
          to={profileHref}
          state={{ overList: true }}
          size="sm"
          variant="default"
          aria-describedby={headingId}
          data-community-card={item.id}
          onClick={() => onView(item.id)}
        >
          {profilePageTexts.viewProfile}
        </Button>
      </CardActions>
    </MemberCard>
  );
}

function Chips({ label, labels }: { label: string; labels: string[] }) {
  if (labels.length === 0) return null;
  const rest = labels.length - chipsShown;
  return (
    <div className="ig-community-chips">
      <Text size="xs" c="dimmed" fw={600} component="span">
        {label}
      </Text>
      <ul aria-label={label}>
        {labels.slice(0, chipsShown).map((text) => (
          <li key={text}>
            <Badge variant="light" tt="none" fw={500}>
              {text}
            </Badge>
          </li>
        ))}
        {rest > 0 ? (
          <li title={labels.slice(chipsShown).join(', ')}>
            <Badge variant="outline" color="gray" tt="none" fw={500}>
              {suggestionTexts.more(rest)}
            </Badge>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
