/** Settings key and defaults for automatic suggestions after a publish (DESIGN.md §5). */
export const matchingDefaults = {
  settingsKey: 'matching',
  topN: 5,
  minScore: 60,
  /** A community profile scoring at least this with the viewer is a strong match (spec 001 §9). */
  strongMatchMin: 80,
} as const;
