/** The crm module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { crmRoutes } from './crm.routes.ts';
