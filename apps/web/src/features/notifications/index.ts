/** The notifications feature's public API: the header's notification centre. */
export { NotificationCentre } from './components/notification-centre';
