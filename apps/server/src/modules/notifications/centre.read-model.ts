import type { Notification } from '@intergen/contracts';
import { and, type Column, desc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { companies, experts, notifications, users } from '../../db/schema.ts';
import { jsonRow, preparedOnce } from '../../db/statements.ts';
import { keptReads } from '../../lib/kept-lists.ts';

/** A notification as the centre lists it. */
export type CentreNotification = Pick<
  typeof notifications.$inferSelect,
  'id' | 'kind' | 'suggestionId' | 'requestId' | 'hasSeen' | 'hasDismissed' | 'hasExplored' | 'createdAt'
>;

/** One row of the centre: the notification, its counterpart's id (null: none, or not read) and their name. */
export interface CentreRow {
  notification: CentreNotification;
  /** The user the notification names, when the caller may read other members and the user still exists. */
  counterpartId: string | null;
  /** Null: no counterpart, not read, or one gone from the platform (disabled, deactivated, unpublished). */
  counterpart: Notification['counterpart'];
}

/** What the kept `/api/notifications` reads: the member's notifications and their counterparts' names. */
export const centreReads = keptReads('counterparts', [notifications, users, experts, companies]);

/** SQL: the profile `t` is gone from the platform (members' `isGone`: disabled, deactivated or unpublished). */
const gone = (t: typeof experts | typeof companies) =>
  sql`(${t.deactivatedDate} IS NOT NULL OR ${t.disableReason} IS NOT NULL)`;

/**
 * The centre's page: the member's notifications that are not dismissed, newest first, at most `limit` (a
 * subquery, so that only the page is joined), each with its counterpart's id.
 */
const pageOf = (limit: number) =>
  new QueryBuilder()
    .select({
      id: notifications.id,
      kind: notifications.kind,
      suggestionId: notifications.suggestionId,
      requestId: notifications.requestId,
      hasSeen: notifications.hasSeen,
      hasDismissed: notifications.hasDismissed,
      hasExplored: notifications.hasExplored,
      createdAt: notifications.createdAt,
      counterpartId: notifications.counterpartId,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.hasDismissed, false)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .as('page');

const n = (column: Column) => sql`n.${sql.identifier(column.name)}`;
/** How many of the member's notifications are neither seen nor dismissed: all of them, not only the page's. */
const unseen = sql<number>`(SELECT count(*) FROM ${notifications} AS n
  WHERE ${n(notifications.userId)} = ${sql.placeholder('userId')}
  AND NOT ${n(notifications.hasSeen)} AND NOT ${n(notifications.hasDismissed)})`.mapWith(Number);

/**
 * What the centre reads a row as (one JSON array a row): the notification, the unseen count and, `named`, the
 * counterpart's name as members' `memberNames` gives it (the profile's name, falling back to the account's; the
 * company's name) and whether they are still on the platform.
 */
function rowOf(page: ReturnType<typeof pageOf>, named: boolean) {
  return jsonRow({
    notification: {
      id: page.id,
      kind: page.kind,
      suggestionId: page.suggestionId,
      requestId: page.requestId,
      hasSeen: page.hasSeen,
      hasDismissed: page.hasDismissed,
      hasExplored: page.hasExplored,
      createdAt: page.createdAt,
      unseen,
    },
    counterpart: named
      ? {
          id: users.id,
          kind: users.kind,
          name: sql<string>`coalesce(${experts.name}, ${companies.name}, ${users.name})`,
          companyName: companies.companyName,
          shown: sql<boolean>`(NOT ${gone(experts)} AND NOT ${gone(companies)})`,
        }
      : {},
  });
}

/**
 * The notification centre of `userId` in one statement: the page (at most `limit`), the unseen count and, when
 * `named`, the counterparts joined by id for their names (a caller who may not read other members gets none:
 * `named` false, and no counterpart is read). No row when the member has no notification that is not dismissed
 * (then none is unseen either). Prepared once per database and variant.
 */
export async function readCentre(
  ex: Executor,
  userId: string,
  limit: number,
  named: boolean,
): Promise<{ rows: CentreRow[]; unseen: number }> {
  const page = pageOf(limit);
  const row = rowOf(page, named);
  const rows = await preparedOnce(
    ex,
    `notifications.centre-${limit}${named ? '-named' : ''}`,
    (on) => {
      const query = on.select({ row: row.sql }).from(page).$dynamic();
      if (named) {
        query
          .leftJoin(users, eq(users.id, page.counterpartId))
          .leftJoin(experts, eq(experts.id, users.id))
          .leftJoin(companies, eq(companies.id, users.id));
      }
      return query.orderBy(desc(page.createdAt), desc(page.id));
    },
    { userId },
  );
  const listed = (rows as { row: unknown }[]).map((r) => {
    const { notification, counterpart } = row.decode(r.row);
    const { id, kind, name, companyName, shown } = counterpart as {
      id?: string | null;
      kind?: 'expert' | 'company' | null;
      name?: string;
      companyName?: string | null;
      shown?: boolean | null;
    };
    return {
      notification: notification as CentreNotification & { unseen: number },
      counterpartId: id ?? null,
      counterpart:
        id && kind && shown ? { id, kind, name: name ?? '', companyName: companyName ?? null } : null,
    };
  });
  return { rows: listed, unseen: listed[0]?.notification.unseen ?? 0 };
}
