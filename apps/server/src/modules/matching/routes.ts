/** The matching module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { matchingRoutes } from './matching.routes.ts';
