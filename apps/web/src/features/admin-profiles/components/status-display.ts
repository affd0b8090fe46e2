import { adminProfileTexts, type ProfileStatus } from '@intergen/domain';

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

/** A date (milliseconds) as the admin reads it. */
export function formatDate(ms: number | null): string {
  if (ms === null) return adminProfileTexts.none;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
}
