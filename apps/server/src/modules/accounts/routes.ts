/** The accounts module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { accountRoutes, adminAccountsRoutes } from './accounts.routes.ts';
