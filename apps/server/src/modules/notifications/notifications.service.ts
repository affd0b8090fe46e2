import type { Notification, NotificationsResponse } from '@intergen/contracts';
import { limits, notificationTexts, readScope, routes } from '@intergen/domain';
import type { Database, Executor } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../lib/errors.ts';
import { publishLive } from '../live/live.ts';
import { queueMail } from '../mail/mail.service.ts';
import { type MailContent, mailTemplates } from '../mail/mail.templates.ts';
import { accessViewerOf } from '../members/members.access.ts';
import * as repo from './notifications.repository.ts';

export interface NotificationsServiceDeps {
  database: Database;
  appUrl: string;
  /** Called after a transaction that queued mail has committed (nudges the outbox worker). */
  afterCommit: () => void;
}

/** What became of one notification's e-mail job. */
export type NotificationEmailOutcome = 'queued' | 'missing' | 'already-sent' | 'silenced';

const notFound = () => new AppError('NOT_FOUND', notificationTexts.notFound);

/** The member of the notification's pair who is not its recipient. */
function counterpartIdOf(row: repo.NotificationRow): string | null {
  if (!row.expertId || !row.companyId) return null;
  return row.expertId === row.userId ? row.companyId : row.expertId;
}

function toView(row: repo.NotificationRow, names: Map<string, repo.MemberName>): Notification {
  const counterpartId = counterpartIdOf(row);
  const counterpart = counterpartId ? (names.get(counterpartId) ?? null) : null;
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

/** How a member is named in an e-mail: a company's person with the company. */
function displayName(member: repo.MemberName | null): string {
  if (!member) return notificationTexts.someone;
  return member.companyName ? `${member.name} (${member.companyName})` : member.name;
}

/**
 * Notifications (spec 000 §3): the header centre's list and flags, and one e-mail per notification through
 * the outbox. Every change tells the member's other tabs through the live channel.
 */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { database, appUrl, afterCommit } = deps;
  const { db } = database;

  /**
   * The list as the caller sees it. A caller who may not read other members (domain read-access.ts: unverified,
   * profile not published) sees their notifications without the other member's name.
   */
  async function listIn(ex: Executor, caller: Caller): Promise<NotificationsResponse> {
    const userId = caller.id;
    const rows = await repo.listNotifications(ex, userId, limits.notificationFetchLimit);
    const mayRead = readScope(await accessViewerOf(ex, caller)) !== 'none';
    const ids = mayRead ? rows.map(counterpartIdOf).filter((id): id is string => id !== null) : [];
    const names = await repo.memberNames(ex, ids);
    return {
      notifications: rows.map((r) => toView(r, names)),
      unseen: await repo.countUnseen(ex, userId),
    };
  }

  /** Runs a change of the member's notifications; when it changed something, their other tabs are told. */
  async function change(caller: Caller, run: (tx: Executor) => Promise<boolean>) {
    await db.transaction(async (tx) => {
      if (await run(tx)) await publishLive(tx, [caller.id], ['notifications']);
    });
    return listIn(db, caller);
  }

  function render(
    row: repo.NotificationRow,
    recipient: repo.Recipient,
    counterpart: repo.MemberName | null,
  ): MailContent {
    const dashboard = `${appUrl}${routes.dashboard}`;
    const counterpartId = counterpartIdOf(row);
    switch (row.kind) {
      case 'suggestion':
        return mailTemplates.newSuggestion({
          firstName: recipient.firstName,
          counterpart: displayName(counterpart),
          url: dashboard,
        });
      case 'request_received':
        return mailTemplates.requestReceived({
          firstName: recipient.firstName,
          requester: displayName(counterpart),
          message: row.message ?? '',
          url: dashboard,
        });
      case 'request_accepted':
        return mailTemplates.requestAccepted({
          firstName: recipient.firstName,
          counterpart: displayName(counterpart),
          // The new connection's profile over the dashboard, where their contact details now show.
          url: counterpartId ? `${dashboard}/${counterpartId}` : dashboard,
        });
      case 'profile_approved':
        return mailTemplates.profileApproved({ firstName: recipient.firstName, url: dashboard });
    }
  }

  return {
    /** The member's notifications, newest first, at most the fetch limit, not dismissed; and the unseen count. */
    list: (caller: Caller) => listIn(db, caller),

    /** Marks the member's notifications seen: those of `ids`, or all of them. Others' ids are ignored. */
    markSeen: (caller: Caller, ids?: readonly string[]) =>
      change(caller, async (tx) => (await repo.markSeen(tx, caller.id, ids)) > 0),

    /** Hides one of the member's notifications from the centre (404 for anyone else's). */
    dismiss: (caller: Caller, id: string) =>
      change(caller, async (tx) => {
        if (!(await repo.isOwnedBy(tx, id, caller.id))) throw notFound();
        return repo.setFlag(tx, caller.id, id, 'hasDismissed');
      }),

    /** Records that the member opened what one of their notifications is about (404 for anyone else's). */
    explore: (caller: Caller, id: string) =>
      change(caller, async (tx) => {
        if (!(await repo.isOwnedBy(tx, id, caller.id))) throw notFound();
        return repo.setFlag(tx, caller.id, id, 'hasExplored');
      }),

    /**
     * The outbox job of one notification: queues its e-mail (idempotency key `mail:notification:<id>`) and
     * sets `email_sent` in one transaction, so a retried job never sends a second e-mail. Nothing is sent for
     * a notification that is gone, or to a member who is paused, disabled or deactivated.
     */
    async sendEmail(notificationId: string): Promise<NotificationEmailOutcome> {
      const outcome = await db.transaction(async (tx): Promise<NotificationEmailOutcome> => {
        const row = await repo.lockNotificationForEmail(tx, notificationId);
        if (!row) return 'missing';
        if (row.emailSent) return 'already-sent';
        const recipient = await repo.findRecipient(tx, row.userId);
        if (!recipient || recipient.silenced) return 'silenced';
        const counterpartId = counterpartIdOf(row);
        const names = await repo.memberNames(tx, counterpartId ? [counterpartId] : []);
        const content = render(row, recipient, counterpartId ? (names.get(counterpartId) ?? null) : null);
        await queueMail(tx, recipient.email, content, { idempotencyKey: `mail:notification:${row.id}` });
        await repo.markEmailSent(tx, row.id);
        return 'queued';
      });
      if (outcome === 'queued') afterCommit();
      return outcome;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
