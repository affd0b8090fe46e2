import type { OwnProfile } from '@intergen/contracts';
import { completion, type ProfileData, type ProfileType, ruleErrors } from '@intergen/domain';

const emptyExpert = {
  phone: null,
  linkedin: null,
  interGenData: null,
  about: null,
  experience: null,
  areasOfImprovement: null,
  idealEngagement: null,
  businessType: null,
  currentStage: null,
  anythingElse: null,
  profileImage: null,
  engagementType: null,
  arrangement: null,
  investmentOpportunities: null,
  boardOpportunities: null,
  interests: null,
};

const emptyCompany = {
  phone: null,
  linkedin: null,
  jobTitle: null,
  interGenData: null,
  companyName: null,
  slogan: null,
  companySize: null,
  yearsInBusiness: null,
  website: null,
  revenue: null,
  capital: null,
  about: null,
  experience: null,
  areasOfImprovement: null,
  idealEngagement: null,
  businessType: null,
  currentStage: null,
  anythingElse: null,
  arrangement: null,
  investmentOpportunities: null,
  boardOpportunities: null,
  profileImage: null,
};

/** A complete expert profile's data. */
export const completeExpertData = {
  ...emptyExpert,
  phone: '5551234567',
  linkedin: 'https://www.linkedin.com/in/ada',
  interGenData: { event: true },
  experience: { tech: true },
  areasOfImprovement: { legal: true },
  idealEngagement: { mentor: true },
  businessType: 'B2B',
  currentStage: { scaling: true },
  anythingElse: 'Thirty years of engines.',
  profileImage: { url: '/avatars/expert-1.svg', name: 'expert-1.svg' },
  engagementType: 'oneOngoing',
  arrangement: 'volunteer',
  investmentOpportunities: 'no',
  boardOpportunities: 'yes',
  interests: { noInvesting: true },
} as const;

/** The own profile as GET /api/profiles/me answers it (an empty, unpublished one unless overridden). */
export function buildOwnProfile(
  kind: ProfileType,
  data: Record<string, unknown> = {},
  overrides: Partial<OwnProfile> = {},
): OwnProfile {
  const full = { ...(kind === 'expert' ? emptyExpert : emptyCompany), ...data };
  return {
    id: 'u1',
    kind,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: false,
    status: 'incomplete',
    data: full as OwnProfile['data'],
    pendingChanges: null,
    completion: completion(kind, full as Partial<ProfileData>),
    fieldErrors: Object.entries(ruleErrors(kind, full as Partial<ProfileData>)).map(([path, message]) => ({
      path,
      message: message ?? '',
    })),
    profileComplete: false,
    onboardingComplete: false,
    profilePending: false,
    profilePublished: false,
    publishDate: null,
    pausedDate: null,
    pauseReason: null,
    deactivatedDate: null,
    disableReason: null,
    hasEmailVerificationCode: true,
    hasBeenWelcomed: false,
    gettingStartedDismissed: false,
    isVerified: false,
    private: false,
    averageRating: 0,
    numberOfRatings: 0,
    updatedAt: 0,
    needsAnnualConfirmation: false,
    ...overrides,
  };
}
