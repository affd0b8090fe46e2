import type { OwnProfile, ProfileView } from '@intergen/contracts';

/** A published expert's page as another member sees it (not connected: no contact). */
export function buildExpertView(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 'p2',
    kind: 'expert',
    name: 'Grace Hopper',
    isOwn: false,
    status: 'published',
    isVerified: true,
    data: {
      about: null,
      experience: { tech: true, financial: true, energy: false },
      areasOfImprovement: { productDevelopment: true },
      idealEngagement: { mentor: true, advice: true },
      businessType: 'B2B',
      currentStage: { scaling: true },
      anythingElse: 'Thirty years of compilers.',
      profileImage: { url: '/avatars/expert-2.svg', name: 'expert-2.svg' },
      engagementType: 'oneOngoing',
      arrangement: 'volunteer',
      investmentOpportunities: 'yes',
      boardOpportunities: 'no',
      interests: { noInvesting: true },
    },
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
    data: {
      companyName: 'Analytical Engines',
      slogan: 'Computing the future',
      companySize: 12,
      yearsInBusiness: 3,
      website: 'engines.example',
      revenue: 'revenueLessThanFiveMoreThanOne',
      capital: 'capitalLessThan250k',
      about: null,
      experience: { tech: true },
      areasOfImprovement: { growthCapital: true, legal: true },
      idealEngagement: { handsOn: true },
      businessType: 'B2C',
      currentStage: 'startup',
      anythingElse: 'We need help with sales.',
      arrangement: 'feeBased',
      investmentOpportunities: 'no',
      boardOpportunities: 'yes',
      profileImage: null,
    },
    contact: null,
    rating: null,
    publishDate: 1_700_000_000_000,
    ...overrides,
  };
}

/** The owner's full profile (GET /api/profiles/me, GET /api/admin/profiles/:id). */
export function buildOwnExpert(overrides: Partial<OwnProfile> = {}): OwnProfile {
  const view = buildExpertView();
  return {
    id: 'u1',
    kind: 'expert',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    emailVerified: true,
    status: 'published',
    data: {
      ...(view.data as object),
      phone: '5551234567',
      linkedin: 'https://www.linkedin.com/in/grace-hopper',
      interGenData: { socialMedia: true },
    } as OwnProfile['data'],
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
