/** The profiles module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { profilesRoutes } from './profiles.routes.ts';
export { uploadsRoutes } from './profiles.uploads.ts';
