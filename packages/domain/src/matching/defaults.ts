/** Settings key and defaults for automatic suggestions after a publish (DESIGN.md §5). */
export const matchingDefaults = {
  settingsKey: 'matching',
  topN: 5,
  minScore: 60,
  /** A community profile scoring at least this with the viewer is a strong match (spec 001 §9). */
  strongMatchMin: 80,
} as const;

/** What admins may set the thresholds to (settings `matching`): top N 0 makes no automatic suggestions. */
export const matchingThresholdRanges = {
  topN: { min: 0, max: 100 },
  minScore: { min: 0, max: 100 },
} as const;
