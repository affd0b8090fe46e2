import type { OutboxHandler } from '../../outbox/outbox.ts';
import type { NotificationsService } from './notifications.service.ts';
import { notificationEmailTopic } from './notifications.topics.ts';

/** The outbox handler of notification e-mails; idempotent (a sent notification is never mailed again). */
export function notificationJobHandlers(notifications: NotificationsService): Record<string, OutboxHandler> {
  return {
    [notificationEmailTopic.name]: notificationEmailTopic.handler(async ({ notificationId }) => {
      await notifications.sendEmail(notificationId);
    }),
  };
}
