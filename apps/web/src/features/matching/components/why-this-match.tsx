import '@mantine/core/styles/Progress.css';
import './why-this-match.css';
import type { MatchExplanation, MatchPartView } from '@intergen/contracts';
import { matchingDefaults, suggestionTexts as t } from '@intergen/domain';
import { Badge, Button, Progress, Text } from '@mantine/core';
import { IconChevronDown, IconStarFilled } from '@tabler/icons-react';
import { useId, useState } from 'react';

/** A score is strong from the spec's community minimum (spec 001 §9, DESIGN.md §4). */
function isStrongMatch(score: number): boolean {
  return score >= matchingDefaults.strongMatchMin;
}

/** The ring's colour: a Mantine theme colour as a CSS variable (teal 8, indigo 7, gray 6). */
function scoreColor(score: number): string {
  if (isStrongMatch(score)) return 'var(--mantine-color-teal-8)';
  return score >= matchingDefaults.minScore ? 'var(--mantine-color-indigo-7)' : 'var(--mantine-color-gray-6)';
}

/** Points as people read them: whole numbers stay whole, fractions keep one decimal. */
function formatPoints(points: number): string {
  return String(Math.round(points * 10) / 10);
}

/**
 * The score as a ring with the number inside; read out as "Match score: 72 out of 100". Drawn as Mantine's
 * RingProgress draws it (the same radius, thickness and round cap, from the top), in plain SVG: RingProgress
 * wraps each arc in a floating tooltip, even with none to show, whose hooks measured every ring's scrolling
 * ancestors when it appeared, and the dashboard shows a hundred rings (issue 15, docs/benchmarks.md).
 */
export function ScoreRing({ score, size = 96 }: { score: number; size?: number }) {
  const thickness = Math.min(Math.max(4, Math.round(size / 10)), size / 4);
  const radius = (size * 0.9 - thickness * 2) / 2;
  const length = 2 * Math.PI * radius;
  const centre = size / 2;
  const arc = { cx: centre, cy: centre, r: radius, fill: 'none', strokeWidth: thickness };
  return (
    <div
      role="img"
      aria-label={t.score(score)}
      className="ig-score-ring"
      style={{ width: size, height: size }}
    >
      <svg viewBox={`0 0 ${size} ${size}`} width={size} height={size} aria-hidden="true">
        <circle {...arc} className="ig-score-ring-track" />
        {score > 0 ? (
          <circle
            {...arc}
            stroke={scoreColor(score)}
            strokeLinecap="round"
            strokeDasharray={`${(Math.min(score, 100) / 100) * length} ${length}`}
            transform={`rotate(-90 ${centre} ${centre})`}
          />
        ) : null}
      </svg>
      <span className="ig-score-ring-label" style={{ fontSize: size >= 80 ? 26 : 16 }}>
        {score}
      </span>
    </div>
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
