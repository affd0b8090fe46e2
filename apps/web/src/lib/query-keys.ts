import type { ProfileType } from '@intergen/domain';

/**
 * Every query key of the web app, in one place: the features, the live updates (`live-events.ts`) and the
 * 401 handling (`query-client.ts`) name the same cached answers. Keys are prefixes: invalidating
 * `profiles.all` refreshes the own profile and every profile page, `profiles.views` every member's page.
 */
export const queryKeys = {
  /** The signed-in person (`null` when signed out): the root of every signed-in view. */
  session: ['session'] as const,
  config: ['config'] as const,
  profiles: {
    all: ['profiles'] as const,
    /** GET /api/profiles/me, cached as the `OwnProfile` (not the response envelope). */
    own: ['profiles', 'me'] as const,
    /** Every member's page (`/api/profiles/:id`), the own one included. */
    views: ['profiles', 'view'] as const,
    view: (id: string) => ['profiles', 'view', id] as const,
  },
  suggestions: ['suggestions'] as const,
  connections: ['connections'] as const,
  notifications: ['notifications'] as const,
  /** My Network: `network.overview` (GET /api/network) and every page of the advisors' search. */
  network: {
    all: ['network'] as const,
    overview: ['network', 'overview'] as const,
    advisors: (searchText: string) => ['network', 'advisors', searchText] as const,
  },
  /** A community list (`/api/matching/<list>`) with its filters; `community.all` every one of them. */
  community: {
    all: ['community'] as const,
    list: (list: string, filters: object) => ['community', list, filters] as const,
  },
  admin: {
    profiles: {
      /** Every filtered list: read again after any admin action. */
      lists: ['admin', 'profiles', 'list'] as const,
      /** The Members console's pages (GET /api/admin/members), under `lists`: an admin action reads them again. */
      members: (filter: object) => ['admin', 'profiles', 'list', 'members', filter] as const,
      detail: (id: string) => ['admin', 'profiles', 'detail', id] as const,
      /** A member's dates, suggestions, requests and deals: under `lists`, read again after an admin action or a live change. */
      activity: (id: string) => ['admin', 'profiles', 'list', 'activity', id] as const,
      /** Every member's activity: a new suggestion or request changes what their admin page lists. */
      activities: ['admin', 'profiles', 'list', 'activity'] as const,
    },
    mailbox: ['admin', 'mailbox'] as const,
    /** GET /api/admin/settings. */
    settings: ['admin', 'settings'] as const,
    /** GET /api/admin/analytics with its range and role. */
    analytics: (query: object) => ['admin', 'analytics', query] as const,
    /** The audit log's pages, every filter (`audit.all`) or one action's (null: every action). */
    audit: {
      all: ['admin', 'audit'] as const,
      list: (action: string | null, search = '') => ['admin', 'audit', action, search] as const,
    },
    crm: {
      all: ['admin', 'crm'] as const,
      board: (pipeline: string) => ['admin', 'crm', 'board', pipeline] as const,
      deal: (id: string) => ['admin', 'crm', 'deal', id] as const,
      contacts: (q: string) => ['admin', 'crm', 'contacts', q] as const,
      deliveries: ['admin', 'crm', 'deliveries'] as const,
    },
    mailMessage: (id: string) => ['admin', 'mailbox', 'message', id] as const,
    /** The outbox page: `all` is read again after a retry or a discard. */
    outbox: {
      all: ['admin', 'outbox'] as const,
      summary: ['admin', 'outbox', 'summary'] as const,
      rows: (filter: { topic: string | null; status: string | null; order: string }) =>
        ['admin', 'outbox', 'rows', filter] as const,
    },
    /** The read views of every suggestion, request and score, each with its filters (`all`: every one). */
    records: {
      suggestions: ['admin', 'records', 'suggestions'] as const,
      requests: ['admin', 'records', 'requests'] as const,
      scores: ['admin', 'records', 'scores'] as const,
      list: (list: 'suggestions' | 'requests' | 'scores', filter: object) =>
        ['admin', 'records', list, filter] as const,
    },
    matching: {
      candidates: (kind: ProfileType, search: string) =>
        ['admin', 'matching', 'candidates', kind, search] as const,
      latestRun: ['admin', 'matching', 'runs', 'latest'] as const,
      preview: (expertId: string, companyId: string) =>
        ['admin', 'matching', 'preview', expertId, companyId] as const,
    },
  },
} as const;
