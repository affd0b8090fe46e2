import { trackingEventTypes } from '@intergen/contracts';
import { type FunnelCounts, funnelStages } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { requestsOfMember } from '../connections/index.ts';
import {
  addRetainedCounts,
  lockRetainedCounts,
  lostDealEventsOfMemberPerWeek,
  type RetainedCount,
} from '../events/index.ts';
import { suggestionsOfMember } from '../matching/index.ts';
import { signUpCohorts } from '../members/index.ts';
import { trackingCountsOfMemberPerWeek } from '../tracking/index.ts';
import { cohortFunnels, lostMetric, lostReasonOf, trackingMetric } from './analytics.ts';

/** Every sign-up there is: a cohort is looked up by its members, whenever they signed up. */
const allTime = { from: new Date(0), to: new Date(Date.UTC(9999, 0, 1)) };

/** What a deletion keeps of the analytics, once its cascade has run in the same transaction. */
export interface AnalyticsSnapshot {
  retain: (tx: Executor) => Promise<void>;
}

/**
 * Taken in a deletion's transaction before its cascade (DESIGN.md §4: analytics keep anonymous counts so past
 * weeks do not change). The funnel is counted, with the analytics' own queries, for the cohorts of the member and
 * of every member tied to them by a suggestion or a request, before the cascade and again after it: the
 * differences (their own cohort row, and the stages they gave their counterparts) are kept per week, role and
 * stage. The lost deals and tracking events the cascade removes are kept per week, reason and type. Deletions
 * count one at a time (a transaction lock), each seeing the ones before it committed.
 */
export async function snapshotMemberAnalytics(tx: Executor, userId: string): Promise<AnalyticsSnapshot> {
  await lockRetainedCounts(tx);
  const others = [
    ...(await suggestionsOfMember(tx, userId)).flatMap((s) => [s.expertId, s.companyId]),
    ...(await requestsOfMember(tx, userId)).flatMap((r) => [r.expertId, r.companyId]),
  ];
  const ids = [...new Set([userId, ...others])];
  const funnelOf = async (ex: Executor) => cohortFunnels(ex, await signUpCohorts(ex, allTime, null, ids));
  const before = await funnelOf(tx);
  const kept: RetainedCount[] = [];
  for (const row of await lostDealEventsOfMemberPerWeek(tx, userId)) {
    const reason = lostReasonOf(row);
    if (reason) kept.push({ weekStart: row.week, role: 'all', metric: lostMetric(reason), count: row.count });
  }
  const types = new Set<string>(trackingEventTypes);
  for (const row of await trackingCountsOfMemberPerWeek(tx, userId)) {
    if (types.has(row.type)) {
      kept.push({ weekStart: row.week, role: 'all', metric: trackingMetric(row.type), count: row.n });
    }
  }
  return {
    async retain(ex) {
      const after = await funnelOf(ex);
      for (const [key, counts] of before) kept.push(...funnelLoss(key, counts, after.get(key)));
      await addRetainedCounts(ex, kept);
    },
  };
}

/** What a cohort (`<week>|<role>`) lost, stage by stage. */
function funnelLoss(key: string, before: FunnelCounts, after: FunnelCounts | undefined): RetainedCount[] {
  const [weekStart, role] = key.split('|') as [string, string];
  return funnelStages.map((stage) => ({
    weekStart,
    role,
    metric: stage,
    count: before[stage] - (after?.[stage] ?? 0),
  }));
}
