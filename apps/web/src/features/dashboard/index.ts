/** The dashboard's public API: the page, into which the app layer composes the other features' sections. */
export { DashboardRoute } from './routes/dashboard';
