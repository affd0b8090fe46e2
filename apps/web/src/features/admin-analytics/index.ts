/** The admin's analytics page: what the app layer composes (features never import each other). */
export { AdminAnalyticsRoute } from './routes/admin-analytics';
