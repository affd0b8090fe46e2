import type { ConnectionBuckets, ConnectionRequest, Suggestion } from '@intergen/contracts';
import { buildCard } from '../../../test/fixtures';
import { configAnswer, type FakeApi, installFakeApi } from '../../../test/render';

/** A request received by the expert `u1` from the company `c1`, with a two-line message. */
export function buildRequest(overrides: Partial<ConnectionRequest> = {}): ConnectionRequest {
  return {
    id: 's1',
    expertId: 'u1',
    companyId: 'c1',
    requestedBy: 'venture',
    direction: 'received',
    message: 'Hello there.\nCould we talk next week?',
    seen: false,
    notInterested: false,
    accepted: false,
    dismissed: false,
    closed: false,
    reviewClosed: false,
    isPending: false,
    requestSentAt: Date.UTC(2026, 10, 20, 12),
    connectedOn: null,
    closedOn: null,
    expertCompletedSurvey: false,
    companyCompletedSurvey: false,
    expertRating: null,
    ventureRating: null,
    counterpart: buildCard(),
    contact: null,
    explanation: null,
    ...overrides,
  };
}

/** An accepted request: a connection with the counterpart's contact details. */
export function buildConnection(overrides: Partial<ConnectionRequest> = {}): ConnectionRequest {
  return buildRequest({
    accepted: true,
    seen: true,
    connectedOn: Date.UTC(2026, 10, 21, 9),
    contact: { email: 'ada@engines.example', phone: '5551234567', linkedin: null, jobTitle: 'Founder' },
    ...overrides,
  });
}

export function buildBuckets(overrides: Partial<ConnectionBuckets> = {}): ConnectionBuckets {
  return { received: [], sent: [], unrated: [], rated: [], surveyFormUrl: null, ...overrides };
}

/**
 * The dashboard's API as a member sees it: the suggestions and buckets as they stand (handlers may change
 * them), the own profile published after the version popup's release, and `extra` handlers on top.
 */
export function dashboardApi(
  state: { suggestions?: Suggestion[]; buckets?: ConnectionBuckets },
  extra: FakeApi = {},
) {
  const current = { suggestions: state.suggestions ?? [], buckets: state.buckets ?? buildBuckets() };
  const api = installFakeApi({
    'GET /api/config': () => configAnswer,
    'GET /api/suggestions': () => ({ body: { suggestions: current.suggestions } }),
    'GET /api/connections': () => ({ body: current.buckets }),
    'POST /api/tracking': () => ({ body: {} }),
    ...extra,
  });
  return { ...api, current };
}
