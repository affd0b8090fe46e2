import { bindContext } from '../../lib/use-case.ts';
import {
  dismissNotification,
  exploreNotification,
  listNotifications,
  markNotificationsSeen,
} from './centre.ts';
import { sendNotificationEmail } from './email.ts';
import { type NotificationsServiceDeps, notificationsContext } from './notifications.context.ts';

export type { NotificationEmailOutcome } from './email.ts';
export type { NotificationsServiceDeps } from './notifications.context.ts';

/**
 * Notifications (spec 000 §3): the header centre's list and flags, and one e-mail per notification through
 * the outbox. Every change tells the member's other tabs through the live channel.
 */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  const use = bindContext(notificationsContext(deps));
  return {
    // The header centre: centre.ts
    list: use(listNotifications),
    markSeen: use(markNotificationsSeen),
    dismiss: use(dismissNotification),
    explore: use(exploreNotification),

    // The outbox job of one notification's e-mail: email.ts
    sendEmail: use(sendNotificationEmail),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
