import type { AdminAnalyticsResponse } from '@intergen/contracts';
import {
  type AnalyticsRange,
  addFunnel,
  analyticsLostReasons,
  emptyFunnel,
  type FunnelCounts,
  type ProfileType,
  profileTypes,
  recommendationLostReason,
  utcDay,
} from '@intergen/domain';
import type { Db } from '../../db/client.ts';
import { countConnectionStages } from '../connections/index.ts';
import { countLostDealEvents } from '../events/index.ts';
import { countSuggestedMembers } from '../matching/index.ts';
import { signUpCohorts } from '../members/index.ts';
import type { TrackingService } from '../tracking/index.ts';

export interface AnalyticsDeps {
  db: Db;
  tracking: TrackingService;
}

type Funnel = AdminAnalyticsResponse['funnel'];

/**
 * The admin's analytics of a range (issue 14): the sign-up cohorts' funnel per week and role, the tracking events
 * per week, and the deals lost per reason. Each owning module counts its own stage in one grouped statement; this
 * puts them together (definitions: docs/ARCHITECTURE.md, "Analytics").
 */
export async function readAnalytics(
  deps: AnalyticsDeps,
  range: AnalyticsRange,
  role: ProfileType | null,
): Promise<AdminAnalyticsResponse> {
  const funnel = await readFunnel(deps.db, range, role);
  const tracking = await deps.tracking.countsPerWeek(range);
  const lostReasons = await readLostReasons(deps.db, range);
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
 * The funnel: the members module gives each week's and role's cohort (signed up, complete, published, and the
 * members' ids), matching and connections count how many of each cohort reached their stages. Every week of the
 * range and role in scope has a row, zeros included.
 */
async function readFunnel(db: Db, range: AnalyticsRange, role: ProfileType | null): Promise<Funnel> {
  const cohorts = await signUpCohorts(db, range, role);
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
  const suggested = await countSuggestedMembers(db, groups);
  const connected = await countConnectionStages(db, groups);
  for (const [key, counts] of byKey) {
    addFunnel(counts, { suggested: suggested.get(key) ?? 0, ...connected.get(key) });
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

/** Every lost reason of both pipelines with the deals lost for it in the range (from our own events). */
async function readLostReasons(
  db: Db,
  range: AnalyticsRange,
): Promise<AdminAnalyticsResponse['lostReasons']> {
  const counts = new Map<string, number>();
  for (const row of await countLostDealEvents(db, range)) {
    const reason =
      row.type === 'suggestion.dismissed'
        ? recommendationLostReason(row.dismissedBy === 'company' ? 'company' : 'expert')
        : row.lostReason;
    if (reason) counts.set(reason, (counts.get(reason) ?? 0) + row.count);
  }
  return analyticsLostReasons.map(({ reason, pipeline }) => ({
    reason,
    pipeline,
    count: counts.get(reason) ?? 0,
  }));
}
