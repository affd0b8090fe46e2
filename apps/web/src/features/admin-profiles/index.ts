/** The admin profiles feature's public API: what the app layer composes (features never import each other). */
export { AdminProfileRoute } from './routes/admin-profile';
