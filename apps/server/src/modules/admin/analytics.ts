import type { AdminAnalyticsResponse } from '@intergen/contracts';
import {
  type AnalyticsRange,
  addFunnel,
  analyticsLostReasons,
  emptyFunnel,
  type FunnelCounts,
  funnelStages,
  type ProfileType,
  profileTypes,
  recommendationLostReason,
  utcDay,
} from '@intergen/domain';
import type { Db, Executor } from '../../db/client.ts';
import { countConnectionStages } from '../connections/index.ts';
import {
  countLostDealEvents,
  type LostDealEventCount,
  type RetainedCount,
  retainedCounts,
} from '../events/index.ts';
import { countSuggestedMembers } from '../matching/index.ts';
import { type SignUpCohort, signUpCohorts } from '../members/index.ts';
import type { TrackingService } from '../tracking/index.ts';

export interface AnalyticsDeps {
  db: Db;
  tracking: TrackingService;
}

type Funnel = AdminAnalyticsResponse['funnel'];
type Tracking = AdminAnalyticsResponse['tracking'];

/** The metric names under which a deletion keeps a lost deal and a tracking event (analytics_retained). */
export const lostMetric = (reason: string) => `lost:${reason}`;
export const trackingMetric = (type: string) => `tracking:${type}`;

/**
 * The admin's analytics of a range: the sign-up cohorts' funnel per week and role, the tracking events per week,
 * and the deals lost per reason. Each owning module counts its own stage in one grouped statement; this puts them
 * together (definitions: docs/ARCHITECTURE.md, "Analytics"), and adds the anonymous counts kept of deleted members
 * (DESIGN.md §4), so that a deletion changes no past week.
 */
export async function readAnalytics(
  deps: AnalyticsDeps,
  range: AnalyticsRange,
  role: ProfileType | null,
): Promise<AdminAnalyticsResponse> {
  const retained = await retainedCounts(deps.db, range);
  const funnel = await readFunnel(deps.db, range, role, retained);
  const tracking = addRetainedTracking(await deps.tracking.countsPerWeek(range), retained);
  const lostReasons = await readLostReasons(deps.db, range, retained);
  const lastDay = new Date(range.to.getTime() - 86_400_000);
  return {
    range: { from: utcDay(range.from), to: utcDay(lastDay), weeks: range.weeks },
    role,
    funnel,
    tracking,
    lostReasons,
  };
}

/**
 * The funnel of sign-up cohorts, by `<week>|<role>`: the members module gives each cohort (signed up, complete,
 * published, and the members' ids), matching and connections count how many of each reached their stages.
 */
export async function cohortFunnels(
  ex: Executor,
  cohorts: readonly SignUpCohort[],
): Promise<Map<string, FunnelCounts>> {
  const groups = { ids: [] as string[], keys: [] as string[] };
  const byKey = new Map<string, FunnelCounts>();
  for (const cohort of cohorts) {
    const key = `${cohort.week}|${cohort.role}`;
    byKey.set(key, addFunnel(emptyFunnel(), cohort));
    for (const id of cohort.ids) {
      groups.ids.push(id);
      groups.keys.push(key);
    }
  }
  const suggested = await countSuggestedMembers(ex, groups);
  const connected = await countConnectionStages(ex, groups);
  for (const [key, counts] of byKey) {
    addFunnel(counts, { suggested: suggested.get(key) ?? 0, ...connected.get(key) });
  }
  return byKey;
}

/** The funnel: every week of the range and role in scope has a row, zeros included. */
async function readFunnel(
  db: Db,
  range: AnalyticsRange,
  role: ProfileType | null,
  retained: readonly RetainedCount[],
): Promise<Funnel> {
  const byKey = await cohortFunnels(db, await signUpCohorts(db, range, role));
  const stages = new Set<string>(funnelStages);
  for (const kept of retained) {
    if (!stages.has(kept.metric) || (role && kept.role !== role)) continue;
    const key = `${kept.weekStart}|${kept.role}`;
    const counts = byKey.get(key) ?? emptyFunnel();
    byKey.set(key, addFunnel(counts, { [kept.metric]: kept.count }));
  }
  const roles = role ? [role] : profileTypes;
  const weeks = range.weeks.flatMap(({ week, start }) =>
    roles.map((r) => ({ week, start, role: r, ...(byKey.get(`${start}|${r}`) ?? emptyFunnel()) })),
  );
  const totals = roles.map((r) => ({
    role: r,
    ...weeks.filter((w) => w.role === r).reduce((sum, w) => addFunnel(sum, w), emptyFunnel()),
  }));
  const overall = totals.reduce((sum, t) => addFunnel(sum, t), emptyFunnel());
  return { weeks, totals, overall };
}

/** The lost reason an event counts for (a dismissed suggestion's is named by the dismissing side). */
export function lostReasonOf(row: LostDealEventCount): string | null {
  return row.type === 'suggestion.dismissed'
    ? recommendationLostReason(row.dismissedBy === 'company' ? 'company' : 'expert')
    : row.lostReason;
}

/** Every lost reason of both pipelines with the deals lost for it in the range (from our own events). */
async function readLostReasons(
  db: Db,
  range: AnalyticsRange,
  retained: readonly RetainedCount[],
): Promise<AdminAnalyticsResponse['lostReasons']> {
  const counts = new Map<string, number>();
  for (const row of await countLostDealEvents(db, range)) {
    const reason = lostReasonOf(row);
    if (reason) counts.set(reason, (counts.get(reason) ?? 0) + row.count);
  }
  return analyticsLostReasons.map(({ reason, pipeline }) => {
    const kept = retained.filter((r) => r.metric === lostMetric(reason));
    return { reason, pipeline, count: kept.reduce((sum, r) => sum + r.count, counts.get(reason) ?? 0) };
  });
}

/** The tracking counts with the deleted members' events kept, per week, and the range's totals again. */
function addRetainedTracking(tracking: Tracking, retained: readonly RetainedCount[]): Tracking {
  const weeks = tracking.weeks.map((w) => {
    const counts = { ...w.counts };
    for (const type of Object.keys(counts) as (keyof typeof counts)[]) {
      for (const kept of retained) {
        if (kept.weekStart === w.start && kept.metric === trackingMetric(type)) counts[type] += kept.count;
      }
    }
    return { ...w, counts };
  });
  const totals = tracking.totals.map(({ type }) => ({
    type,
    count: weeks.reduce((sum, w) => sum + w.counts[type], 0),
  }));
  return { weeks, totals };
}
