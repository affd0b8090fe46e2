/**
 * The admin analytics' funnel (analytics.ts for the rest): its stages and the counts of a sign-up cohort per stage.
 * In a file of its own so that the words (texts/admin-analytics.ts) can name the stages without importing
 * analytics.ts, which imports them. How each stage is counted is written in docs/ARCHITECTURE.md ("Analytics").
 */

/** The funnel's stages in order: a sign-up cohort's members who got at least that far. */
export const funnelStages = [
  'signedUp',
  'complete',
  'published',
  'suggested',
  'requested',
  'accepted',
  'reviewed',
] as const;
export type FunnelStage = (typeof funnelStages)[number];
export type FunnelCounts = Record<FunnelStage, number>;

/** A funnel with nobody in it. */
export function emptyFunnel(): FunnelCounts {
  return Object.fromEntries(funnelStages.map((stage) => [stage, 0])) as FunnelCounts;
}

/** Adds `more` to `into`, stage by stage, and returns `into`. */
export function addFunnel(into: FunnelCounts, more: Partial<FunnelCounts>): FunnelCounts {
  for (const stage of funnelStages) into[stage] += more[stage] ?? 0;
  return into;
}
