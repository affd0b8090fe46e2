/** The connections module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { connectionsRoutes } from './connections.routes.ts';
