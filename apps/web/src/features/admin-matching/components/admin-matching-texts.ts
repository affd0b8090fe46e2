import type { MatchingRun } from '@intergen/contracts';

/**
 * The admin matching page's own words (an admin tool: the spec quotes none of them). The server's errors
 * (spec 001 §8, suggestion creation) are shown as they come.
 */
export const adminMatchingTexts = {
  navLabel: 'Suggestions',
  pageTitle: 'Match suggestions',
  pageDescription:
    'Pick a business advisor and a scaling company, check why they match, and create a suggestion: both see it among their recommendations.',
  createTitle: 'Create a suggestion',
  expertPicker: 'Business advisor',
  companyPicker: 'Scaling company',
  expertPlaceholder: 'Search by name',
  companyPlaceholder: 'Search by company or name',
  nothingFound: 'Nobody found for this search',
  searching: 'Searching…',
  clear: 'Clear',
  previewTitle: 'Score preview',
  previewHint: 'Pick a business advisor and a scaling company to see their score and why.',
  createSuggestion: 'Create suggestion',
  created: (expert: string, company: string) =>
    `Suggestion created: ${expert} and ${company} will see each other in their recommendations.`,
  alreadyExisted: (expert: string, company: string) =>
    `A suggestion between ${expert} and ${company} already existed; nothing was changed.`,
  runTitle: 'Full matching run',
  runDescription:
    'Scores every business advisor against every scaling company again and creates the suggestions the matching settings call for.',
  startRun: 'Start full matching run',
  noRun: 'No matching run has been started yet.',
  latestRun: 'Latest run',
  status: 'Status',
  pairs: 'Pairs scored',
  written: 'Scores written',
  suggestionsCreated: 'Suggestions created',
  started: 'Started',
  finished: 'Finished',
  error: 'Error',
  notYet: '—',
} as const;

export const runStatusLabels: Record<MatchingRun['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

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
