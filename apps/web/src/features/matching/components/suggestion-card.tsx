import './suggestion-card.css';
import type { Suggestion } from '@intergen/contracts';
import {
  areasOfImprovement,
  connectionRequestTexts,
  industries,
  profilePageTexts,
  suggestionTexts as t,
} from '@intergen/domain';
import { Badge, Button, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { CardActions, MemberCard, ViewProfileButton } from '../../../components/member-card';
import { trackEvent } from '../api/track-event';
import { ScoreRing, StrongMatchBadge } from './score-ring';
import { WhyThisMatchToggle } from './why-this-match';

/** How many chips of each kind a card shows before "+N more". */
const chipsShown = 3;

interface SuggestionCardProps {
  suggestion: Suggestion;
  onClear: (suggestion: Suggestion) => void;
  /**
   * The card's Connect button (or its `Request Sent` state), composed in by the app layer from the
   * connections feature; it gets the id of the card's heading to refer to the member.
   */
  connectAction?: (headingId: string) => ReactNode;
}

/**
 * A recommended connection: picture, name (shortened beyond 33 characters), company and headline, what it
 * offers or needs, the verified mark and rating, the score with "why this match", and the card's actions.
 * Once a request is sent the card keeps only View Profile beside the connect state.
 */
export function SuggestionCard({ suggestion, onClear, connectAction }: SuggestionCardProps) {
  const { counterpart: card, explanation } = suggestion;
  const headingId = useId();

  return (
    <MemberCard
      card={card}
      headingId={headingId}
      aside={
        <>
          <ScoreRing score={explanation.score} size={60} />
          <StrongMatchBadge score={explanation.score} />
        </>
      }
    >
      {card.headline ? (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {card.headline}
        </Text>
      ) : null}
      <ChipList
        label={profilePageTexts.industries}
        labels={card.industries.map((code) => industries.labels[code])}
      />
      <ChipList
        label={t.areas[card.kind]}
        labels={card.areas.map((code) => areasOfImprovement.labels[code])}
      />
      <WhyThisMatchToggle explanation={explanation} name={card.name} />
      <CardActions>
        {connectAction?.(headingId)}
        <ViewProfileButton
          profileId={card.id}
          headingId={headingId}
          onView={(targetId) => trackEvent({ type: 'VIEW_PROFILE_FROM_CARD', targetId })}
        />
        {suggestion.requestSent ? null : (
          <Button
            variant="default"
            size="sm"
            onClick={() => onClear(suggestion)}
            aria-describedby={headingId}
          >
            {connectionRequestTexts.clearFromDashboard}
          </Button>
        )}
      </CardActions>
    </MemberCard>
  );
}

function ChipList({ label, labels }: { label: string; labels: string[] }) {
  if (labels.length === 0) return null;
  const rest = labels.length - chipsShown;
  return (
    <div className="ig-suggestion-chips">
      <Text size="xs" c="dimmed" fw={600} component="span">
        {label}
      </Text>
      <ul className="ig-chips" aria-label={label}>
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
              {t.more(rest)}
            </Badge>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
