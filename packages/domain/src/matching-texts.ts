/** Matching texts: the spec's messages verbatim (001 §5, §8) and our labels for the score parts. */
export const matchingTexts = {
  expertMissing: (id: string) => `Expert with id ${id} must exist to create match suggestions`,
  expertNotPublished: 'Expert profile must be published or pending to create match suggestions',
  companyMissing: (id: string) => `Company with id ${id} must exist to create match suggestions`,
  companyIncomplete: 'Company profile must be complete to create match suggestions',
  mustBeExpert: 'Must be an expert',
  mustBeCompany: 'Must be a company',
  suggestionNotFound: 'Match suggestion not found',
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

/** Settings key and defaults for automatic suggestions after a publish (DESIGN.md §5). */
export const matchingDefaults = {
  settingsKey: 'matching',
  topN: 5,
  minScore: 60,
  /** A community profile scoring at least this with the viewer is a strong match (spec 001 §9). */
  strongMatchMin: 80,
} as const;
