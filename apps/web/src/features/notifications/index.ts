/** What the app layer composes from notifications (features never import each other). */

export { notificationsQueryKey } from './api/get-notifications';
export { NotificationCentre } from './components/notification-centre';
