import type { ProfileType } from '../accounts.ts';

/**
 * Matching: match suggestions and why they match — the dashboard's recommendations, the score and its parts, and
 * the admin's matching page (spec 000 §2, Dashboard and communities; spec 001 §6 and §8, Suggestion creation
 * errors; DESIGN.md §5 for the score parts).
 */

/** Errors of creating and reading match suggestions (spec 001 §8, verbatim; the last three are ours). */
export const matchingTexts = {
  expertMissing: (id: string) => `Expert with id ${id} must exist to create match suggestions`,
  expertNotPublished: 'Expert profile must be published or pending to create match suggestions',
  companyMissing: (id: string) => `Company with id ${id} must exist to create match suggestions`,
  companyIncomplete: 'Company profile must be complete to create match suggestions',
  mustBeExpert: 'Must be an expert',
  mustBeCompany: 'Must be a company',
  suggestionNotFound: 'Match suggestion not found',
  /** The admin's scores of a member who does not exist (ours). */
  memberNotFound: 'There is no member with this id.',
  /** A community list's `cursor` that we did not hand out (ours). */
  badCursor: 'This list position is not valid any more. Reload the list.',
} as const;

/** Labels of the score parts (DESIGN.md §5), shown in "why this match". */
export const matchPartLabels = {
  needs: 'Needs covered',
  industry: 'Industry experience',
  engagement: 'Kind of engagement',
  stage: 'Company stage',
  arrangement: 'Arrangement',
  businessType: 'Business type',
  investment: 'Investment opportunities',
  board: 'Board opportunities',
} as const;

/**
 * The recommended suggestions on the dashboard and why each matches (spec 000 §2; 001 §6: companies see
 * Recommended Advisors). `That's all for now` is the spec's; the rest are ours.
 */
export const suggestionTexts = {
  recommendedHeading: {
    company: 'Recommended Advisors',
    expert: 'Recommended Ventures',
  } satisfies Record<ProfileType, string>,
  emptyTitle: "That's all for now",
  emptyDescription: {
    company: 'New business advisors will appear here as we find good matches for your company.',
    expert: 'New scaling companies will appear here as we find good matches for you.',
  } satisfies Record<ProfileType, string>,
  /** Confirms clearing a suggestion (spec 000 §2: the person no longer appears in recommended connections). */
  clearBody: (name: string) => `${name} will no longer appear in your recommended connections.`,
  clearFailed: (name: string, message: string) => `${name} could not be cleared: ${message}`,
  loading: 'Loading your recommendations',
  loadFailed: 'Your recommendations could not be loaded.',
  whyThisMatch: 'Why this match',
  whyThisMatchFor: (name: string) => `Why this match: ${name}`,
  score: (score: number) => `Match score: ${score} out of 100`,
  strongMatch: 'Strong match',
  points: (points: number, weight: number) => `${points} of ${weight} points`,
  shared: (label: string) => `In common for ${label}`,
  areas: { company: 'Needs', expert: 'Expertise' } satisfies Record<ProfileType, string>,
  more: (count: number) => `+${count} more`,
} as const;

/** The admin's matching page (an admin tool: the spec quotes none of it; the server's errors show as they come). */
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
  /** The picker's clear button, with the picker's name. */
  clearPicker: (picker: string) => `Clear: ${picker}`,
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
  runError: (error: string) => `Error: ${error}`,
  notYet: '—',
} as const;

/** How a full matching run's status reads on the admin's matching page. */
export const matchingRunStatusLabels = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
} as const;
