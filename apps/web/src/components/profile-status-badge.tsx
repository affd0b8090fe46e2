import { adminProfileTexts, type ProfileStatus, profileStatusLabels } from '@intergen/domain';
import { Badge } from '@mantine/core';

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

/** A profile's status as a tinted chip; the text stays dark for AA contrast. */
export function StatusBadge({ status }: { status: ProfileStatus }) {
  const color = statusColors[status];
  return (
    <Badge variant="light" color={color} c="dark.7" size="md">
      {profileStatusLabels[status]}
    </Badge>
  );
}

/** A date (milliseconds) as the admin reads it: the day, in UTC (the spec's dates are midnight UTC). */
export function formatDate(ms: number | null): string {
  if (ms === null) return adminProfileTexts.none;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
}
