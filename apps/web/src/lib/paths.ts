import { routes } from '@intergen/domain';

/**
 * Addresses of pages that the spec's route table (the domain's `routes`) does not name: the admin section's
 * own pages, and a member's profile opened over the dashboard. The router, the navigation and the features
 * all build their links from these, so that a page is never linked by a second spelling of its address.
 */
/** The Members console: every member, searched, filtered and sorted; a member's page beneath it. */
export const adminMembersPath = '/admin/members';
/** The Profiles page became the Members console; its address (`/admin/profiles`) redirects there. */
export const adminProfilesPath = adminMembersPath;
/** The Profiles page's old address and its members' pages beneath it: redirected to the Members console. */
export const legacyAdminProfilesPath = '/admin/profiles';
/** The privacy dialog's link (spec 000 §2: "The dialog links to /community"), routed to the expert community. */
export const communityPath = '/community';
export const adminSuggestionsPath = '/admin/suggestions';
/** The CRM mirror's board, contacts and failed deliveries (DESIGN.md §6). */
export const adminCrmPath = '/admin/crm';
/** The admin's read views of every connection / My Network request and every score. */
export const adminRequestsPath = '/admin/requests';
export const adminScoresPath = '/admin/scores';
/** The outbox: side effects waiting, retrying or dead, per topic, with retry and discard. */
export const adminOutboxPath = '/admin/outbox';
/** The funnel, tracking events and lost reasons, per week and role. */
export const adminAnalyticsPath = '/admin/analytics';
/** The run-time settings. */
export const adminSettingsPath = '/admin/settings';
/** The audit log: who changed what in the admin console, and when. */
export const adminAuditPath = '/admin/audit';

/** A member's page with the admin's actions (it was `/admin/profiles/:id`, which redirects here). */
export function adminProfilePath(id: string): string {
  return `${adminMembersPath}/${encodeURIComponent(id)}`;
}

/** A profile opened over the dashboard (spec 000 §2: profile modals over a base route). */
export function dashboardProfilePath(profileId: string): string {
  return `${routes.dashboard}/${encodeURIComponent(profileId)}`;
}
