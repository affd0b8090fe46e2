/** The admin module's HTTP routes, for the composition root (app.ts) alone; its services are in index.ts. */
export { adminAnalyticsRoutes } from './admin.analytics.routes.ts';
export { adminMatchingRoutes } from './admin.matching.routes.ts';
export { adminMembersRoutes } from './admin.members.routes.ts';
export { adminOutboxRoutes } from './admin.outbox.routes.ts';
export { adminProfilesRoutes } from './admin.profiles.routes.ts';
export { adminRecordsRoutes } from './admin.records.routes.ts';
export { adminRoutes } from './admin.routes.ts';
