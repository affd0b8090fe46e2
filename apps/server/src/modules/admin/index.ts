/** The admin area: its routes (routes.ts) over the other modules' services, and the analytics kept of a deleted member. Owns no table. */
export { type AnalyticsSnapshot, snapshotMemberAnalytics } from './retained-analytics.ts';
