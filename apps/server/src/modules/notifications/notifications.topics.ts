import { z } from 'zod';
import { defineTopic } from '../../outbox/topic.ts';

/** The outbox topic whose handler e-mails a member about one notification and sets its `email_sent`. */
export const notificationEmailTopic = defineTopic(
  'notifications.email',
  z.strictObject({ notificationId: z.string().min(1) }),
);
