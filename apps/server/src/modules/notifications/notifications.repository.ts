import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type NotificationKind, notifications } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { enqueue } from '../../outbox/outbox.ts';
import { notificationEmailTopic } from './notifications.topics.ts';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  suggestionId?: string | null;
  requestId?: string | null;
  connectionId?: string | null;
  /** The My Network request (network notifications). */
  networkRequestId?: string | null;
  /** The other member of the suggestion or request. */
  counterpartId?: string | null;
  /** The request's message (request notifications). */
  message?: string | null;
  /** When it happened: the use case's clock (the demo replays weeks); the database's now otherwise. */
  createdAt?: Date;
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

/** Removes the notifications about a My Network request (it was cancelled: nothing is left to answer). */
export async function deleteNetworkNotifications(ex: Executor, networkRequestId: string): Promise<string[]> {
  const rows = await ex
    .delete(notifications)
    .where(eq(notifications.networkRequestId, networkRequestId))
    .returning({ userId: notifications.userId });
  return rows.map((r) => r.userId);
}

/** A notification as the centre and its e-mail read it. */
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
  counterpartId: string | null;
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
  counterpartId: notifications.counterpartId,
  message: notifications.message,
};

/**
 * One notification, locked for the e-mail job (two deliveries of the same job wait for each other, and the
 * second sees `emailSent`); null when it no longer exists.
 */
export async function lockNotificationForEmail(ex: Executor, id: string): Promise<NotificationRow | null> {
  const [row] = await ex
    .select(notificationColumns)
    .from(notifications)
    .where(eq(notifications.id, id))
    .for('update');
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
