import '@mantine/core/styles/Progress.css';
import type { MatchExplanation, MatchPartView } from '@intergen/contracts';
import { suggestionTexts as t } from '@intergen/domain';
import { Badge, Progress, Text } from '@mantine/core';
import { ScoreRing, StrongMatchBadge } from './score-ring';

/** Points as people read them: whole numbers stay whole, fractions keep one decimal. */
function formatPoints(points: number): string {
  return String(Math.round(points * 10) / 10);
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
