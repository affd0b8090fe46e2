import type { MatchingRun } from '@intergen/contracts';
import { adminMatchingTexts } from '@intergen/domain';

/** The badge colour of a run's status. */
export const runStatusColors: Record<MatchingRun['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** A moment (milliseconds) as the admin reads it, in the admin's own time zone. */
export function formatDateTime(ms: number | null): string {
  if (ms === null) return adminMatchingTexts.notYet;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
}
