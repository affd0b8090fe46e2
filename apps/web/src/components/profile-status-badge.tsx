import { adminProfileTexts, type ProfileStatus, profileStatusLabels } from '@intergen/domain';
import { Badge } from '@mantine/core';
import {
  IconBan,
  IconChecklist,
  IconCircleCheck,
  IconCircleDashed,
  IconCircleOff,
  IconHourglass,
  IconPlayerPause,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** The badge colour of a profile's status. */
export const statusColors: Record<ProfileStatus, string> = {
  published: 'green',
  pending: 'blue',
  paused: 'yellow',
  inactive: 'red',
  disabled: 'gray',
  complete: 'indigo',
  incomplete: 'gray',
};

/**
 * Each status's look beyond its colour: an icon of its own and, for the two that an admin must tell apart at a
 * glance, a different fill (Inactive solid red, Incomplete an outline), so no two statuses read alike.
 */
const statusLooks: Record<
  ProfileStatus,
  { icon: ComponentType<IconProps>; variant: 'light' | 'filled' | 'outline' }
> = {
  published: { icon: IconCircleCheck, variant: 'light' },
  pending: { icon: IconHourglass, variant: 'light' },
  paused: { icon: IconPlayerPause, variant: 'light' },
  inactive: { icon: IconBan, variant: 'filled' },
  disabled: { icon: IconCircleOff, variant: 'light' },
  complete: { icon: IconChecklist, variant: 'light' },
  incomplete: { icon: IconCircleDashed, variant: 'outline' },
};

/**
 * A profile's status as a chip with its icon; the text stays dark on tints (white on the solid red) for AA
 * contrast, and the chip is never cut short.
 */
export function StatusBadge({ status }: { status: ProfileStatus }) {
  const { icon: Icon, variant } = statusLooks[status];
  const color = status === 'inactive' ? 'red.8' : statusColors[status];
  return (
    <Badge
      variant={variant}
      color={color}
      c={variant === 'filled' ? 'white' : 'dark.7'}
      size="md"
      leftSection={<Icon size={12} stroke={2} aria-hidden="true" />}
      className="ig-status-badge"
      data-status={status}
      styles={{ root: { flexShrink: 0, minWidth: 'max-content' }, label: { overflow: 'visible' } }}
    >
      {profileStatusLabels[status]}
    </Badge>
  );
}

/** A date (milliseconds) as the admin reads it: the day, in UTC (the spec's dates are midnight UTC). */
export function formatDate(ms: number | null): string {
  if (ms === null) return adminProfileTexts.none;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
}
