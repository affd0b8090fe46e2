import type { Executor } from '../../db/client.ts';
import { type NotificationKind, notifications } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { enqueue } from '../../outbox/outbox.ts';

/** The outbox topic whose handler e-mails a member about one notification and sets its `email_sent`. */
export const NOTIFICATION_EMAIL_TOPIC = 'notifications.email';

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
  await enqueue(ex, [
    {
      topic: NOTIFICATION_EMAIL_TOPIC,
      payload: { notificationId: id },
      idempotencyKey: `${NOTIFICATION_EMAIL_TOPIC}:${id}`,
    },
  ]);
  return id;
}
