import { myNetworkPath, myNetworkSections, notificationTexts, routes } from '@intergen/domain';
import { type MailContent, mailTemplates, queueMail } from '../mail/index.ts';
import { findRecipient, type MemberName, memberNames, type Recipient } from '../members/index.ts';
import { counterpartIdOf, type NotificationsContext } from './notifications.context.ts';
import * as repo from './notifications.repository.ts';

/** What became of one notification's e-mail job. */
export type NotificationEmailOutcome = 'queued' | 'missing' | 'already-sent' | 'silenced';

/** How a member is named in an e-mail: a company's person with the company. */
function displayName(member: MemberName | null): string {
  if (!member) return notificationTexts.someone;
  return member.companyName ? `${member.name} (${member.companyName})` : member.name;
}

/** The e-mail of one notification, by its kind. */
function render(
  ctx: NotificationsContext,
  row: repo.NotificationRow,
  recipient: Recipient,
  counterpart: MemberName | null,
): MailContent {
  const { appUrl } = ctx;
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
    case 'network_request':
      return mailTemplates.networkRequest({
        firstName: recipient.firstName,
        requester: displayName(counterpart),
        url: `${appUrl}${myNetworkPath(myNetworkSections[0])}`,
      });
    case 'network_accepted':
      return mailTemplates.networkAccepted({
        firstName: recipient.firstName,
        counterpart: displayName(counterpart),
        url: counterpartId ? `${appUrl}${routes.myNetwork}/${counterpartId}` : `${appUrl}${routes.myNetwork}`,
      });
  }
}

/**
 * The outbox job of one notification: queues its e-mail (idempotency key `mail:notification:<id>`) and
 * sets `email_sent` in one transaction, so a retried job never sends a second e-mail. Nothing is sent for
 * a notification that is gone, or to a member who is paused, disabled or deactivated.
 */
export async function sendNotificationEmail(
  ctx: NotificationsContext,
  notificationId: string,
): Promise<NotificationEmailOutcome> {
  const { db, afterCommit } = ctx;
  const outcome = await db.transaction(async (tx): Promise<NotificationEmailOutcome> => {
    const row = await repo.lockNotificationForEmail(tx, notificationId);
    if (!row) return 'missing';
    if (row.emailSent) return 'already-sent';
    const recipient = await findRecipient(tx, row.userId);
    if (!recipient || recipient.silenced) return 'silenced';
    const counterpartId = counterpartIdOf(row);
    const names = await memberNames(tx, counterpartId ? [counterpartId] : []);
    const content = render(ctx, row, recipient, counterpartId ? (names.get(counterpartId) ?? null) : null);
    await queueMail(tx, recipient.email, content, {
      idempotencyKey: `mail:notification:${row.id}`,
      // It names the counterpart (and may quote their message): their account's deletion removes it.
      ...(counterpartId ? { about: [counterpartId] } : {}),
    });
    await repo.markEmailSent(tx, row.id);
    return 'queued';
  });
  if (outcome === 'queued') afterCommit();
  return outcome;
}
