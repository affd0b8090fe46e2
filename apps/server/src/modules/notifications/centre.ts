import type { Notification, NotificationsResponse } from '@intergen/contracts';
import { limits, notificationTexts, readScope } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../lib/errors.ts';
import { publishLive } from '../live/index.ts';
import { accessViewerOf } from '../members/index.ts';
import { type CentreRow, readCentre } from './centre.read-model.ts';
import type { NotificationsContext } from './notifications.context.ts';
import * as repo from './notifications.repository.ts';

const notFound = () => new AppError('NOT_FOUND', notificationTexts.notFound);

function toView({ notification: row, counterpart }: CentreRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    hasSeen: row.hasSeen,
    hasDismissed: row.hasDismissed,
    hasExplored: row.hasExplored,
    createdAt: row.createdAt.getTime(),
    counterpart,
    suggestionId: row.suggestionId,
    requestId: row.requestId,
  };
}

/**
 * The member's notifications, newest first, at most the fetch limit, not dismissed; and the unseen count.
 * A caller who may not read other members (domain read-access.ts: unverified, profile not published) sees
 * their notifications without the other member's name.
 */
export async function listNotifications(
  ctx: NotificationsContext,
  caller: Caller,
): Promise<NotificationsResponse> {
  const ex = ctx.db;
  const mayRead = readScope(await accessViewerOf(ex, caller, caller.member)) !== 'none';
  // The page, the unseen count and the counterparts' names in one statement.
  const { rows, unseen } = await readCentre(ex, caller.id, limits.notificationFetchLimit, mayRead);
  for (const { counterpartId } of rows) if (counterpartId) caller.reads?.add(counterpartId);
  return { notifications: rows.map(toView), unseen };
}

/**
 * Runs a change of the member's notifications; when it changed something, their other tabs are told. Answers
 * the list as it is afterwards.
 */
async function change(ctx: NotificationsContext, caller: Caller, run: (tx: Executor) => Promise<boolean>) {
  await ctx.db.transaction(async (tx) => {
    if (await run(tx)) await publishLive(tx, [caller.id], ['notifications']);
  });
  return listNotifications(ctx, caller);
}

/** Marks the member's notifications seen: those of `ids`, or all of them. Others' ids are ignored. */
export function markNotificationsSeen(ctx: NotificationsContext, caller: Caller, ids?: readonly string[]) {
  return change(ctx, caller, async (tx) => (await repo.markSeen(tx, caller.id, ids)) > 0);
}

/** Hides one of the member's notifications from the centre (404 for anyone else's). */
export function dismissNotification(ctx: NotificationsContext, caller: Caller, id: string) {
  return change(ctx, caller, async (tx) => {
    if (!(await repo.isOwnedBy(tx, id, caller.id))) throw notFound();
    return repo.setFlag(tx, caller.id, id, 'hasDismissed');
  });
}

/** Records that the member opened what one of their notifications is about (404 for anyone else's). */
export function exploreNotification(ctx: NotificationsContext, caller: Caller, id: string) {
  return change(ctx, caller, async (tx) => {
    if (!(await repo.isOwnedBy(tx, id, caller.id))) throw notFound();
    return repo.setFlag(tx, caller.id, id, 'hasExplored');
  });
}
