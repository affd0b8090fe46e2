/** The auth module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { authRoutes } from './auth.routes.ts';
