import { type ProfileStatus, profileStatusLabels } from '@intergen/domain';
import { Badge } from '@mantine/core';
import { statusColors } from './status-display';

/** A profile's status as a tinted chip; the text stays dark for AA contrast. */
export function StatusBadge({ status }: { status: ProfileStatus }) {
  const color = statusColors[status];
  return (
    <Badge variant="light" color={color} c="dark.7" size="md">
      {profileStatusLabels[status]}
    </Badge>
  );
}
