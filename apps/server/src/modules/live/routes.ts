/** The live module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { liveRoutes } from './live.routes.ts';
