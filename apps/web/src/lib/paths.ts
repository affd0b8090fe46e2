import { routes } from '@intergen/domain';

/**
 * Addresses of pages that the spec's route table (the domain's `routes`) does not name: the admin section's
 * own pages, and a member's profile opened over the dashboard. The router, the navigation and the features
 * all build their links from these, so that a page is never linked by a second spelling of its address.
 */
export const adminProfilesPath = '/admin/profiles';
/** The privacy dialog's link (spec 000 §2: "The dialog links to /community"), routed to the expert community. */
export const communityPath = '/community';
export const adminSuggestionsPath = '/admin/suggestions';
/** The CRM mirror's board, contacts and failed deliveries (DESIGN.md §6). */
export const adminCrmPath = '/admin/crm';
/** The outbox: side effects waiting, retrying or dead, per topic, with retry and discard (issue 14). */
export const adminOutboxPath = '/admin/outbox';
/** The run-time settings (issue 14). */
export const adminSettingsPath = '/admin/settings';
/** The audit log: who changed what in the admin console, and when (issue 14). */
export const adminAuditPath = '/admin/audit';

export function adminProfilePath(id: string): string {
  return `${adminProfilesPath}/${encodeURIComponent(id)}`;
}

/** A profile opened over the dashboard (spec 000 §2: profile modals over a base route). */
export function dashboardProfilePath(profileId: string): string {
  return `${routes.dashboard}/${encodeURIComponent(profileId)}`;
}
