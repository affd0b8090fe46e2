import type { OutboxHandler } from '../../outbox/outbox.ts';
import { NOTIFICATION_EMAIL_TOPIC } from './notifications.repository.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The outbox handler of notification e-mails; idempotent (a sent notification is never mailed again). */
export function notificationJobHandlers(notifications: NotificationsService): Record<string, OutboxHandler> {
  return {
    [NOTIFICATION_EMAIL_TOPIC]: async (job) => {
      const id = job.payload.notificationId;
      if (typeof id !== 'string') return;
      await notifications.sendEmail(id);
    },
  };
}
