import type {
  ConnectionBuckets,
  ConnectionRequest,
  MatchExplanation,
  OwnProfile,
  ProfileCard,
  ProfileView,
  Suggestion,
} from '@intergen/contracts';
import {
  completion,
  matchPartLabels,
  normalizePhone,
  type ProfileData,
  type ProfileType,
  ruleErrors,
} from '@intergen/domain';
import { avatarOf, validProfileData } from '@intergen/domain/testing';
import { configAnswer, type FakeApi, installFakeApi } from './render';

/**
 * Test data shared by the features and the app: cards, suggestions and their explanation, the own profile
 * (published, or a draft in the wizard), profile pages, connection requests, and the dashboard's API.
 */

/** A score of 68 made of its parts, as the server explains it. */
export function buildExplanation(overrides: Partial<MatchExplanation> = {}): MatchExplanation {
  return {
    score: 68,
    parts: [
      {
        part: 'needs',
        label: matchPartLabels.needs,
        weight: 40,
        points: 20,
        shared: [{ code: 'legal', label: 'Legal' }],
      },
      {
        part: 'industry',
        label: matchPartLabels.industry,
        weight: 25,
        points: 25,
        shared: [{ code: 'tech', label: 'Technology' }],
      },
      {
        part: 'engagement',
        label: matchPartLabels.engagement,
        weight: 15,
        points: 7.5,
        shared: [{ code: 'mentor', label: 'Mentor' }],
      },
      {
        part: 'stage',
        label: matchPartLabels.stage,
        weight: 10,
        points: 10,
        shared: [{ code: 'scaling', label: 'Scaling' }],
      },
      { part: 'arrangement', label: matchPartLabels.arrangement, weight: 5, points: 0, shared: [] },
      {
        part: 'businessType',
        label: matchPartLabels.businessType,
        weight: 5,
        points: 5,
        shared: [{ code: 'B2B', label: 'B2B' }],
      },
      { part: 'investment', label: matchPartLabels.investment, weight: 5, points: 0, shared: [] },
      { part: 'board', label: matchPartLabels.board, weight: 5, points: 0, shared: [] },
    ],
    ...overrides,
  };
}

/** A company as an expert's card shows it. */
export function buildCard(overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id: 'c1',
    kind: 'company',
    name: 'Ada Lovelace',
    companyName: 'Analytical Engines',
    headline: 'Numbers, woven.',
    profileImage: { url: '/avatars/company-2.svg', name: 'company-2.svg' },
    isVerified: false,
    industries: ['tech', 'manufacturing'],
    areas: ['legal', 'growthCapital'],
    rating: null,
    ...overrides,
  };
}

export function buildSuggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: 's1',
    expertId: 'u1',
    companyId: 'c1',
    createdAt: 1_700_000_000_000,
    requestSent: false,
    counterpart: buildCard(),
    explanation: buildExplanation(),
    ...overrides,
  };
}

/**
 * A complete profile's data as the server stores and answers it: the shared valid profile (with `overrides`),
 * its phone number in digits.
 */
function storedData<K extends ProfileType>(
  kind: K,
  overrides: Parameters<typeof validProfileData<K>>[1] = {},
): OwnProfile['data'] {
  const data = validProfileData(kind, overrides);
  return { ...data, phone: data.phone && normalizePhone(data.phone) } as OwnProfile['data'];
}

/** A profile's data as another member sees it: without the contact details and the referral answers. */
function publicData(data: OwnProfile['data']): ProfileView['data'] {
  const {
    phone: _p,
    linkedin: _l,
    jobTitle: _j,
    interGenData: _i,
    ...rest
  } = data as Record<string, unknown>;
  return rest as ProfileView['data'];
}

/** Every field of the role's profile, none filled: a profile not started. */
function emptyData(kind: ProfileType): Record<string, null> {
  return Object.fromEntries(Object.keys(validProfileData(kind)).map((field) => [field, null]));
}

/** The owner's profile as GET /api/profiles/me answers it: by default a published, public expert. */
export function buildOwnProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 'u1',
    kind: 'expert',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: true,
    status: 'published',
    data: storedData('expert'),
    pendingChanges: null,
    completion: { sections: { basics: 100, profile: 100, extras: 100 }, overall: 100 },
    fieldErrors: [],
    profileComplete: true,
    onboardingComplete: true,
    profilePending: false,
    profilePublished: true,
    publishDate: 1_700_000_000_000,
    pausedDate: null,
    pauseReason: null,
    deactivatedDate: null,
    disableReason: null,
    hasEmailVerificationCode: false,
    hasBeenWelcomed: true,
    gettingStartedDismissed: true,
    isVerified: false,
    private: false,
    averageRating: 0,
    numberOfRatings: 0,
    updatedAt: 1_700_000_000_000,
    needsAnnualConfirmation: false,
    ...overrides,
  };
}

/** A company whose figures are a year old. */
export function buildOwnCompany(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return buildOwnProfile({
    kind: 'company',
    data: storedData('company', {
      basics: { revenue: 'revenueLessThan250', capital: null },
      profileImage: null,
    }),
    needsAnnualConfirmation: true,
    ...overrides,
  });
}

/** Grace Hopper's profile: the valid expert with her LinkedIn and picture, and no About (it is optional). */
const graceHopper = {
  basics: { linkedin: 'https://www.linkedin.com/in/grace-hopper', about: null },
  profileImage: avatarOf('expert', 2),
};

/** A published expert's page as another member sees it (not connected: no contact). */
export function buildExpertView(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 'p2',
    kind: 'expert',
    name: 'Grace Hopper',
    isOwn: false,
    status: 'published',
    isVerified: true,
    data: publicData(storedData('expert', graceHopper)),
    contact: null,
    rating: null,
    publishDate: 1_700_000_000_000,
    ...overrides,
  };
}

/** A published company's page. */
export function buildCompanyView(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 'c1',
    kind: 'company',
    name: 'Ada Lovelace',
    isOwn: false,
    status: 'published',
    isVerified: false,
    data: publicData(
      storedData('company', {
        basics: { companyName: 'Analytical Engines', website: 'engines.example' },
        profileImage: null,
      }),
    ),
    contact: null,
    rating: null,
    publishDate: 1_700_000_000_000,
    ...overrides,
  };
}

/** Grace Hopper's own profile (GET /api/profiles/me, GET /api/admin/profiles/:id): her page's data with her contact. */
export function buildOwnExpert(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return buildOwnProfile({
    name: 'Grace Hopper',
    email: 'grace@example.com',
    data: storedData('expert', graceHopper),
    ...overrides,
  });
}

/** A complete expert profile's data. */
export const completeExpertData = storedData('expert');

/**
 * The own profile while it is being filled in: unpublished and unverified, with the completion and the broken
 * field rules its data gives (an empty profile unless `data` says otherwise).
 */
export function buildDraftProfile(
  kind: ProfileType,
  data: Record<string, unknown> = {},
  overrides: Partial<OwnProfile> = {},
): OwnProfile {
  const full = { ...emptyData(kind), ...data };
  return buildOwnProfile({
    kind,
    emailVerified: false,
    status: 'incomplete',
    data: full as OwnProfile['data'],
    completion: completion(kind, full as Partial<ProfileData>),
    fieldErrors: Object.entries(ruleErrors(kind, full as Partial<ProfileData>)).map(([path, message]) => ({
      path,
      message: message ?? '',
    })),
    profileComplete: false,
    onboardingComplete: false,
    profilePublished: false,
    publishDate: null,
    hasEmailVerificationCode: true,
    hasBeenWelcomed: false,
    gettingStartedDismissed: false,
    updatedAt: 0,
    ...overrides,
  });
}

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
