/** The tracking module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { trackingRoutes } from './tracking.routes.ts';
