import { and, count, desc, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  companies,
  connectionRequests,
  experts,
  matchSuggestions,
  type NotificationKind,
  notifications,
  users,
} from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { enqueue } from '../../outbox/outbox.ts';
import { isGone } from '../members/members.repository.ts';
import { notificationEmailTopic } from './notifications.topics.ts';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  suggestionId?: string | null;
  requestId?: string | null;
  connectionId?: string | null;
}

/**
 * Writes a notification for a member (flags all false) and, in the same transaction, queues its e-mail, so
 * the e-mail goes out exactly when the notification exists. Returns the notification's id.
 */
export async function createNotification(ex: Executor, row: NewNotification): Promise<string> {
  const id = newId();
  await ex.insert(notifications).values({ id, ...row });
  await enqueue(
    ex,
    notificationEmailTopic.message(
      { notificationId: id },
      { idempotencyKey: `${notificationEmailTopic.name}:${id}` },
    ),
  );
  return id;
}

/** A notification with the two members of the suggestion or request it refers to, when it refers to one. */
export interface NotificationRow {
  id: string;
  userId: string;
  kind: NotificationKind;
  suggestionId: string | null;
  requestId: string | null;
  hasSeen: boolean;
  hasDismissed: boolean;
  hasExplored: boolean;
  emailSent: boolean;
  createdAt: Date;
  /** The pair of the request (preferred) or of the suggestion. */
  expertId: string | null;
  companyId: string | null;
  /** The request's message (request notifications only). */
  message: string | null;
}

const notificationColumns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  suggestionId: notifications.suggestionId,
  requestId: notifications.requestId,
  hasSeen: notifications.hasSeen,
  hasDismissed: notifications.hasDismissed,
  hasExplored: notifications.hasExplored,
  emailSent: notifications.emailSent,
  createdAt: notifications.createdAt,
  expertId: sql<string | null>`coalesce(${connectionRequests.expertId}, ${matchSuggestions.expertId})`,
  companyId: sql<string | null>`coalesce(${connectionRequests.companyId}, ${matchSuggestions.companyId})`,
  message: connectionRequests.message,
};

/** The member's notifications that are not dismissed, newest first, at most `limit`. */
export async function listNotifications(
  ex: Executor,
  userId: string,
  limit: number,
): Promise<NotificationRow[]> {
  return ex
    .select(notificationColumns)
    .from(notifications)
    .leftJoin(connectionRequests, eq(connectionRequests.id, notifications.requestId))
    .leftJoin(matchSuggestions, eq(matchSuggestions.id, notifications.suggestionId))
    .where(and(eq(notifications.userId, userId), eq(notifications.hasDismissed, false)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** How many of the member's notifications are neither seen nor dismissed (all of them, not only a page). */
export async function countUnseen(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.hasSeen, false),
        eq(notifications.hasDismissed, false),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * One notification with its pair and request message, locked for the e-mail job (two deliveries of the
 * same job wait for each other, and the second sees `emailSent`); null when it no longer exists.
 */
export async function lockNotificationForEmail(ex: Executor, id: string): Promise<NotificationRow | null> {
  const [locked] = await ex
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.id, id))
    .for('update');
  if (!locked) return null;
  const [row] = await ex
    .select(notificationColumns)
    .from(notifications)
    .leftJoin(connectionRequests, eq(connectionRequests.id, notifications.requestId))
    .leftJoin(matchSuggestions, eq(matchSuggestions.id, notifications.suggestionId))
    .where(eq(notifications.id, id));
  return row ?? null;
}

export async function markEmailSent(ex: Executor, id: string): Promise<void> {
  await ex.update(notifications).set({ emailSent: true }).where(eq(notifications.id, id));
}

/** Whether the notification exists and belongs to the member. */
export async function isOwnedBy(ex: Executor, id: string, userId: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return Boolean(row);
}

/** Marks the member's unseen notifications seen (only `ids` when given); returns how many changed. */
export async function markSeen(ex: Executor, userId: string, ids?: readonly string[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const changed = await ex
    .update(notifications)
    .set({ hasSeen: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.hasSeen, false),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return changed.length;
}

/**
 * Sets `hasDismissed` or `hasExplored` on one of the member's notifications, and `hasSeen` with it (a
 * notification dismissed or explored has been seen); returns whether anything changed.
 */
export async function setFlag(
  ex: Executor,
  userId: string,
  id: string,
  flag: 'hasDismissed' | 'hasExplored',
): Promise<boolean> {
  const column = flag === 'hasDismissed' ? notifications.hasDismissed : notifications.hasExplored;
  const changed = await ex
    .update(notifications)
    .set({ [flag]: true, hasSeen: true })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.userId, userId),
        or(eq(column, false), eq(notifications.hasSeen, false)),
      ),
    )
    .returning({ id: notifications.id });
  return changed.length > 0;
}

/** A member as a notification names them. */
export interface MemberName {
  id: string;
  kind: 'expert' | 'company';
  name: string;
  companyName: string | null;
}

/** The names of the given members (profile name, falling back to the account's), by id. */
export async function memberNames(ex: Executor, ids: readonly string[]): Promise<Map<string, MemberName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ex
    .select({
      id: users.id,
      kind: users.kind,
      name: sql<string>`coalesce(${experts.name}, ${companies.name}, ${users.name})`,
      companyName: companies.companyName,
    })
    .from(users)
    .leftJoin(experts, eq(experts.id, users.id))
    .leftJoin(companies, eq(companies.id, users.id))
    // A member gone from the platform is no longer named to others (the notification stays, without them).
    .where(and(inArray(users.id, unique), not(isGone(experts)), not(isGone(companies))));
  const names = new Map<string, MemberName>();
  for (const r of rows) {
    if (r.kind) names.set(r.id, { id: r.id, kind: r.kind, name: r.name, companyName: r.companyName });
  }
  return names;
}

/** Where a member's e-mail goes, and whether their account may receive it. */
export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  /** Paused, disabled (by themselves or an admin's unpublish), deactivated, or without a login. */
  silenced: boolean;
}

export async function findRecipient(ex: Executor, userId: string): Promise<Recipient | null> {
  const [row] = await ex
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      loginRemovedAt: users.loginRemovedAt,
      // Either profile row (the other is absent: its columns are null, so its tests are false).
      silenced: sql<boolean>`(
        ${experts.pausedDate} IS NOT NULL OR ${experts.deactivatedDate} IS NOT NULL OR ${experts.disableReason} IS NOT NULL OR
        ${companies.pausedDate} IS NOT NULL OR ${companies.deactivatedDate} IS NOT NULL OR ${companies.disableReason} IS NOT NULL)`,
    })
    .from(users)
    .leftJoin(experts, eq(experts.id, users.id))
    .leftJoin(companies, eq(companies.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    silenced: Boolean(row.silenced) || row.loginRemovedAt !== null,
  };
}
