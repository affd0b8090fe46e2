/** The network module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { networkRoutes } from './network.routes.ts';
