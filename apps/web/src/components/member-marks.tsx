import '@mantine/core/styles/Rating.css';
import { profilePageTexts } from '@intergen/domain';
import { Badge, Rating } from '@mantine/core';
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
  /** What the stars say, read instead of the read-only rating's radios. */
  label: string;
  size?: 'xs' | 'sm';
}

/** A rating shown, not given: five stars read as one picture with its label. */
export function StarRating({ stars, label, size }: StarRatingProps) {
  return (
    <div role="img" aria-label={label}>
      <Rating value={stars} fractions={2} count={5} size={size} readOnly />
    </div>
  );
}
