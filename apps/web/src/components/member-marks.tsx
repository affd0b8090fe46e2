import './member-marks.css';
import { profilePageTexts } from '@intergen/domain';
import { Badge } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';

/** The verified mark of an expert: small on a card, large on a profile page. */
export function VerifiedBadge({ size }: { size: 'sm' | 'lg' }) {
  return (
    <Badge
      variant="filled"
      color="teal.9"
      size={size}
      leftSection={<IconRosetteDiscountCheck size={size === 'sm' ? 12 : 16} aria-hidden="true" />}
    >
      {profilePageTexts.verified}
    </Badge>
  );
}

interface StarRatingProps {
  /** Stars out of 5, to the nearest half star. */
  stars: number;
  /** What the stars say, read instead of the stars. */
  label: string;
  size?: 'xs' | 'sm';
}

/** Mantine Rating's star (its StarIcon). */
const starPath =
  'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

/**
 * A rating shown, not given: five stars (half steps) read as one picture with its label. Drawn as Mantine's Rating
 * draws them (the same star, sizes and colours), without what giving a rating needs: a read-only Rating with half
 * steps still renders ten radio buttons with their labels, and the dashboard's cards show dozens of ratings
 * (docs/decisions/2026-12-03-dashboard-cards-in-slices.md).
 */
export function StarRating({ stars, label, size = 'sm' }: StarRatingProps) {
  return (
    <div role="img" aria-label={label} className="ig-stars" data-size={size}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = stars >= n ? 'full' : stars >= n - 0.5 ? 'half' : 'empty';
        return (
          <svg key={n} viewBox="0 0 24 24" className="ig-star" data-fill={fill} aria-hidden="true">
            <path d={starPath} />
            {fill === 'half' ? <path d={starPath} className="ig-star-half" /> : null}
          </svg>
        );
      })}
    </div>
  );
}
