/** The audit module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { auditRoutes } from './audit.routes.ts';
