import '@mantine/core/styles/Rating.css';
import './suggestion-card.css';
import type { ProfileCard, Suggestion } from '@intergen/contracts';
import { areasOfImprovement, cardName, industries, profilePageTexts, routes } from '@intergen/domain';
import { Badge, Button, Group, Paper, Rating, Text, Title } from '@mantine/core';
import { IconChevronDown, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { matchingUiTexts as t } from './matching-texts';
import { ScoreRing, StrongMatchBadge, WhyThisMatch } from './why-this-match';

/** How many chips of each kind a card shows before "+N more". */
const chipsShown = 3;

/** One of the four default avatars of the profile type, the same one for a profile every time. */
export function defaultAvatar(card: Pick<ProfileCard, 'id' | 'kind'>): string {
  let hash = 0;
  for (const char of card.id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `/avatars/${card.kind}-${(hash % 4) + 1}.svg`;
}

/** The profile opened over the dashboard (spec 000 §2: profile modals over a base route). */
export function dashboardProfilePath(profileId: string): string {
  return `${routes.dashboard}/${encodeURIComponent(profileId)}`;
}

interface SuggestionCardProps {
  suggestion: Suggestion;
  onClear: (suggestion: Suggestion) => void;
}

/**
 * A recommended connection: picture, name (shortened beyond 33 characters), company and headline, what it
 * offers or needs, the verified mark and rating, the score with "why this match", and the card's actions.
 */
export function SuggestionCard({ suggestion, onClear }: SuggestionCardProps) {
  const { counterpart: card, explanation } = suggestion;
  const headingId = useId();
  const whyId = useId();
  const [whyOpen, setWhyOpen] = useState(false);
  const shownName = cardName(card.name);

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      className="ig-suggestion"
      aria-labelledby={headingId}
    >
      <div className="ig-suggestion-head">
        <img className="ig-suggestion-avatar" src={card.profileImage?.url ?? defaultAvatar(card)} alt="" />
        <div className="ig-suggestion-who">
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
                <div role="img" aria-label={t.rating(card.rating.stars, card.rating.count)}>
                  <Rating value={card.rating.stars} fractions={2} count={5} size="xs" readOnly />
                </div>
              ) : null}
            </Group>
          ) : null}
        </div>
        <div className="ig-suggestion-score">
          <ScoreRing score={explanation.score} size={60} />
          <StrongMatchBadge score={explanation.score} />
        </div>
      </div>
      {card.headline ? (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {card.headline}
        </Text>
      ) : null}
      <ChipList label={t.industries} labels={card.industries.map((code) => industries.labels[code])} />
      <ChipList
        label={t.areas[card.kind]}
        labels={card.areas.map((code) => areasOfImprovement.labels[code])}
      />
      <div>
        <Button
          // Mantine's subtle and light labels fall under AA on their hover tints; default stays above.
          variant="default"
          size="compact-sm"
          aria-expanded={whyOpen}
          aria-controls={whyId}
          onClick={() => setWhyOpen((open) => !open)}
          rightSection={
            <IconChevronDown
              size={16}
              aria-hidden="true"
              style={{ transform: whyOpen ? 'rotate(180deg)' : undefined }}
            />
          }
        >
          {t.whyThisMatch}
        </Button>
        <section
          id={whyId}
          hidden={!whyOpen}
          aria-label={t.whyThisMatchFor(card.name)}
          className="ig-suggestion-why"
        >
          {whyOpen ? <WhyThisMatch explanation={explanation} compact /> : null}
        </section>
      </div>
      <Group gap="xs" mt="auto" className="ig-suggestion-actions">
        <Button component={Link} to={dashboardProfilePath(card.id)} size="sm" aria-describedby={headingId}>
          {t.viewProfile}
        </Button>
        <Button variant="default" size="sm" onClick={() => onClear(suggestion)} aria-describedby={headingId}>
          {t.clearFromDashboard}
        </Button>
      </Group>
    </Paper>
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
