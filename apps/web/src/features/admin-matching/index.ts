/** The admin matching feature's public API: what the app layer composes (features never import each other). */
export { AdminSuggestionsRoute } from './routes/admin-suggestions';
