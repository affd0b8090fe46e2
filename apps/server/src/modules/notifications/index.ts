/**
 * The notifications module: the one owner of `notifications`. Other modules write a member's notification
 * in their own transaction (`createNotification`); the centre lists and flags them; one e-mail per
 * notification goes out through the outbox.
 */

export {
  type MemberNotificationRow,
  notificationsOfMember,
  purgeMemberNotifications,
} from './member-data.repository.ts';
export { notifyProfileApproved } from './notifications.hooks.ts';
export { notificationJobHandlers } from './notifications.jobs.ts';
export {
  createNotification,
  deleteNetworkNotifications,
  type NewNotification,
} from './notifications.repository.ts';
export { createNotificationsService, type NotificationsService } from './notifications.service.ts';
export { notificationEmailTopic } from './notifications.topics.ts';
