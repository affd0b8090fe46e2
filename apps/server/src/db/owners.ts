import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** The name of every table the schema defines. */
type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/**
 * The one owner of every table: the folder under `apps/server/src` (a module, or infrastructure) whose
 * repository alone queries it. Others call the owner's functions (its `index.ts`). A new table fails the type
 * check until it has an owner here; `npm run lint` (scripts/check-boundaries.mjs) enforces the rest.
 */
export const tableOwners = {
  users: 'modules/members',
  experts: 'modules/members',
  companies: 'modules/members',
  contactInfo: 'modules/members',
  communityCounts: 'modules/members',
  sessions: 'modules/auth',
  authTokens: 'modules/auth',
  emailVerificationCodes: 'modules/auth',
  matchScores: 'modules/matching',
  matchScoreDigests: 'modules/matching',
  matchScoreCounts: 'modules/matching',
  matchSuggestions: 'modules/matching',
  matchingRuns: 'modules/matching',
  connectionRequests: 'modules/connections',
  networkRequests: 'modules/network',
  notifications: 'modules/notifications',
  settings: 'modules/settings',
  auditLog: 'modules/audit',
  domainEvents: 'modules/events',
  mailbox: 'modules/mail',
  trackingEvents: 'modules/tracking',
  analyticsRetained: 'modules/events',
  crmContacts: 'modules/crm',
  crmDeals: 'modules/crm',
  crmDealStages: 'modules/crm',
  crmSentProperties: 'modules/crm',
  outbox: 'outbox',
  rateLimits: 'http',
  profileImages: 'modules/profiles',
} as const satisfies Record<TableName, string>;
