/** What the app layer composes from the admin matching feature (features never import each other). */
export { adminSuggestionsPath } from './paths';
export { AdminSuggestionsRoute } from './routes/admin-suggestions';
