/** The notifications module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { notificationsRoutes } from './notifications.routes.ts';
