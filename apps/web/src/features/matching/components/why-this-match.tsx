import './why-this-match.css';
import type { MatchExplanation } from '@intergen/contracts';
import { suggestionTexts as t } from '@intergen/domain';
import { Button, Loader } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';

/**
 * The parts of a match (match-parts.tsx): a card's expander loads them when first opened, or pointed at or focused
 * (Mantine's Progress and the rows are not part of the dashboard's first load).
 */
const loadParts = () => import('./match-parts');
const LazyMatchParts = lazy(async () => ({ default: (await loadParts()).WhyThisMatch }));

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
        onPointerEnter={loadParts}
        onFocus={loadParts}
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
        {open ? (
          <Suspense fallback={<Loader size="sm" role="status" aria-label={t.whyThisMatch} />}>
            <LazyMatchParts explanation={explanation} compact />
          </Suspense>
        ) : null}
      </section>
    </div>
  );
}
