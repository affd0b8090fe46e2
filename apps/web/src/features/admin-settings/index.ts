/** The admin's settings page: what the app layer composes (features never import each other). */
export { AdminSettingsRoute } from './routes/admin-settings';
