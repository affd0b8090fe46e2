import type { ProfileType } from '@intergen/domain';
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isoWeekOf } from '../../db/iso-week.ts';
import { companies, experts } from '../../db/schema.ts';

/**
 * The members who signed up in one ISO week with one role (the analytics' cohort), how many of them got as far as a
 * complete and a published profile, and their ids (for the other modules' counts of the later stages).
 */
export interface SignUpCohort {
  /** The week's Monday, `YYYY-MM-DD` (UTC). */
  week: string;
  role: ProfileType;
  signedUp: number;
  complete: number;
  published: number;
  ids: string[];
}

/**
 * The sign-up cohorts of `[from, to)`, one per week and role that has any, of one role or (null) both. A sign-up
 * is the profile row's creation (made in the sign-up's transaction, so at the user record's `created_at`), read
 * through the profile tables' `created_at` indexes. Complete: the profile is complete now or was ever published
 * (a publish date is never cleared); published: it has a publish date. `only`: of these members alone.
 */
export async function signUpCohorts(
  ex: Executor,
  range: { from: Date; to: Date },
  role: ProfileType | null,
  only?: readonly string[],
): Promise<SignUpCohort[]> {
  const roles = role ? [role] : (['expert', 'company'] as const);
  const groups: SignUpCohort[] = [];
  for (const kind of roles) {
    const t = kind === 'expert' ? experts : companies;
    const week = isoWeekOf(t.createdAt);
    const rows = await ex
      .select({
        week,
        signedUp: sql<number>`count(*)::int`,
        complete: sql<number>`(count(*) FILTER (WHERE ${t.profileComplete} OR ${t.publishDate} IS NOT NULL))::int`,
        published: sql<number>`(count(*) FILTER (WHERE ${t.publishDate} IS NOT NULL))::int`,
        ids: sql<string[]>`array_agg(${t.id})`,
      })
      .from(t)
      .where(
        and(
          gte(t.createdAt, range.from),
          lt(t.createdAt, range.to),
          only ? inArray(t.id, [...only]) : undefined,
        ),
      )
      .groupBy(week);
    groups.push(...rows.map((row) => ({ ...row, role: kind })));
  }
  return groups;
}
