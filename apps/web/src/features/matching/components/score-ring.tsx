import './why-this-match.css';
import { matchingDefaults, suggestionTexts as t } from '@intergen/domain';
import { Badge } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';

/**
 * A match's score as the cards and "Why this match" show it: the ring and the "Strong match" badge. In a file of
 * its own so that the parts (match-parts.tsx, loaded on first use) do not import the toggle that loads them; it
 * goes with the cards' code, which imports it statically.
 */

/** A score is strong from the spec's community minimum (spec 001 §9, DESIGN.md §4). */
function isStrongMatch(score: number): boolean {
  return score >= matchingDefaults.strongMatchMin;
}

/** The ring's colour: a Mantine theme colour as a CSS variable (teal 8, indigo 7, gray 6). */
function scoreColor(score: number): string {
  if (isStrongMatch(score)) return 'var(--mantine-color-teal-8)';
  return score >= matchingDefaults.minScore ? 'var(--mantine-color-indigo-7)' : 'var(--mantine-color-gray-6)';
}

/**
 * The score as a ring with the number inside; read out as "Match score: 72 out of 100". Drawn as Mantine's
 * RingProgress draws it (the same radius, thickness and round cap, from the top), in plain SVG: RingProgress
 * wraps each arc in a floating tooltip, even with none to show, whose hooks measured every ring's scrolling
 * ancestors when it appeared, and the dashboard shows a hundred rings (docs/decisions/2026-12-03-dashboard-cards-in-slices.md).
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
