/** The admin area's routes over the other modules' services. Owns no table. */
export { adminMatchingRoutes } from './admin.matching.routes.ts';
export { adminOutboxRoutes } from './admin.outbox.routes.ts';
export { adminProfilesRoutes } from './admin.profiles.routes.ts';
export { adminRoutes } from './admin.routes.ts';
