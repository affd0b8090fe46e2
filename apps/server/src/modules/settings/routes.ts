/** The settings module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { settingsRoutes } from './settings.routes.ts';
