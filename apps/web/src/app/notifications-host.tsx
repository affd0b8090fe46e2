import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Short confirmations at the top of the page (`notifications.show`), loaded by the provider when one is shown. */
export function NotificationsHost() {
  return <Notifications position="top-center" />;
}
