import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/RingProgress.css';
import './why-this-match.css';
import type { MatchExplanation, MatchPartView } from '@intergen/contracts';
import { matchingDefaults, suggestionTexts as t } from '@intergen/domain';
import { Badge, Button, Progress, RingProgress, Text } from '@mantine/core';
import { IconChevronDown, IconStarFilled } from '@tabler/icons-react';
import { useId, useState } from 'react';

/** A score is strong from the spec's community minimum (spec 001 §9, DESIGN.md §4). */
function isStrongMatch(score: number): boolean {
  return score >= matchingDefaults.strongMatchMin;
}

function scoreColor(score: number): string {
  if (isStrongMatch(score)) return 'teal.8';
  return score >= matchingDefaults.minScore ? 'indigo.7' : 'gray.6';
}

/** Points as people read them: whole numbers stay whole, fractions keep one decimal. */
function formatPoints(points: number): string {
  return String(Math.round(points * 10) / 10);
}

/** The score as a ring with the number inside; read out as "Match score: 72 out of 100". */
export function ScoreRing({ score, size = 96 }: { score: number; size?: number }) {
  return (
    <RingProgress
      role="img"
      aria-label={t.score(score)}
      size={size}
      thickness={Math.max(4, Math.round(size / 10))}
      roundCaps
      sections={[{ value: score, color: scoreColor(score) }]}
      label={
        <Text ta="center" fw={700} fz={size >= 80 ? 26 : 16} lh={1}>
          {score}
        </Text>
      }
    />
  );
}

/** The "Strong match" badge, shown from a score of 80. */
export function StrongMatchBadge({ score }: { score: number }) {
  if (!isStrongMatch(score)) return null;
  return (
    <Badge color="teal.9" variant="filled" leftSection={<IconStarFilled size={12} aria-hidden="true" />}>
      {t.strongMatch}
    </Badge>
  );
}

interface WhyThisMatchProps {
  explanation: MatchExplanation;
  /** Only the parts, for a card's expander: the card shows the score already. */
  compact?: boolean;
}

/**
 * "Why this match" (DESIGN.md §5): the score 0–100 with its parts, each with the points it added out of its
 * weight and the items both sides share. Everything is said in text; the ring and bars only repeat it.
 */
export function WhyThisMatch({ explanation, compact = false }: WhyThisMatchProps) {
  const { score, parts } = explanation;
  return (
    <div className="ig-why">
      {compact ? null : (
        <div className="ig-why-score">
          <ScoreRing score={score} size={112} />
          <StrongMatchBadge score={score} />
        </div>
      )}
      <ul className="ig-why-parts">
        {parts.map((part) => (
          <MatchPartRow key={part.part} part={part} />
        ))}
      </ul>
    </div>
  );
}

function MatchPartRow({ part }: { part: MatchPartView }) {
  const share = part.weight > 0 ? Math.min(100, (part.points / part.weight) * 100) : 0;
  return (
    <li className="ig-why-part" data-part={part.part}>
      <div className="ig-why-part-head">
        <Text size="sm" fw={600}>
          {part.label}
        </Text>
        <Text size="sm" c={part.points > 0 ? undefined : 'dimmed'}>
          {t.points(Number(formatPoints(part.points)), part.weight)}
        </Text>
      </div>
      <Progress value={share} size="sm" color={part.points > 0 ? 'indigo.7' : 'gray.4'} aria-hidden="true" />
      {part.shared.length > 0 ? (
        <ul className="ig-chips" aria-label={t.shared(part.label)}>
          {part.shared.map((item) => (
            <li key={item.code}>
              <Badge variant="light" color="gray" tt="none" fw={500}>
                {item.label}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * A card's "Why this match" button and the parts it opens below it (closed at first); the region is named
 * after the member (`Why this match: {name}`).
 */
export function WhyThisMatchToggle({ explanation, name }: { explanation: MatchExplanation; name: string }) {
  const whyId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button
        // Mantine's subtle and light labels fall under AA on their hover tints; default stays above.
        variant="default"
        size="compact-sm"
        aria-expanded={open}
        aria-controls={whyId}
        onClick={() => setOpen((value) => !value)}
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden="true"
            style={{ transform: open ? 'rotate(180deg)' : undefined }}
          />
        }
      >
        {t.whyThisMatch}
      </Button>
      <section id={whyId} hidden={!open} aria-label={t.whyThisMatchFor(name)} className="ig-why-toggle">
        {open ? <WhyThisMatch explanation={explanation} compact /> : null}
      </section>
    </div>
  );
}
