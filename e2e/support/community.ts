import type { APIRequestContext, Page } from '@playwright/test';
import { type Member, signUp, uniqueNamedMember } from './fixtures';
import { approveProfile, fillSections, verifyAndSubmitProfile } from './profiles';

/**
 * Helpers of the community spec: published business advisors and scaling companies whose company names carry
 * a tag unique in the run, so that a search for the tag finds exactly them in a database other specs share.
 */

export interface CommunityMember extends Member {
  id: string;
  companyName?: string;
}

const uniqueMember = (first: string) => uniqueNamedMember('community', first);

/**
 * The advisor shares one need and one industry with the companies the browser tests make (this file's and
 * matching's): a score under the automatic threshold, so it is suggested to no other spec's company (whose
 * dashboard would then not be empty).
 */
const expertSections = {
  basics: {
    interGenData: { socialMedia: true },
    phone: '(555) 123-4567',
    linkedin: 'https://www.linkedin.com/in/community-advisor',
    about: 'Advisor to growing companies.',
  },
  profile: {
    experience: { tech: true, eComm: true },
    areasOfImprovement: { salesBusinessDevelopment: true, marketExpansion: true },
    idealEngagement: { mentor: true, advice: true },
    businessType: 'B2B',
    currentStage: { scaling: true },
  },
  extras: {
    anythingElse: 'Happy to help.',
    engagementType: 'oneOngoing',
    arrangement: 'volunteer',
    investmentOpportunities: 'yes',
    boardOpportunities: 'yes',
    interests: { noInvesting: true },
  },
};

function companySections(companyName: string, openToBoard: boolean) {
  return {
    basics: {
      interGenData: { event: true },
      phone: '555-987-6543',
      linkedin: 'https://www.linkedin.com/company/community-company',
      jobTitle: 'Founder',
      companyName,
      slogan: 'Growing steadily.',
      companySize: 8,
      yearsInBusiness: 2,
      website: 'https://company.example',
      revenue: 'revenueLessThan250',
      capital: 'capitalLessThan250k',
    },
    profile: {
      experience: { eComm: true },
      areasOfImprovement: { salesBusinessDevelopment: true, legal: true },
      idealEngagement: { handsOn: true },
      businessType: 'B2C',
      currentStage: 'startup',
    },
    extras: {
      anythingElse: 'We need more customers.',
      arrangement: 'feeBased',
      investmentOpportunities: 'no',
      boardOpportunities: openToBoard ? 'yes' : 'no',
    },
  };
}

/** A business advisor signed up in `page`, submitted for approval and not approved yet: pending. */
export async function pendingCommunityExpert(page: Page, admin: APIRequestContext): Promise<CommunityMember> {
  const member = uniqueMember('Advisor');
  await signUp(page, member, 'Business Advisor');
  await fillSections(page, expertSections);
  const profile = await verifyAndSubmitProfile(page, admin, member.email);
  return { ...member, id: profile.id };
}

/** A business advisor signed up in `page`, submitted and approved by the admin: published. */
export async function publishedCommunityExpert(
  page: Page,
  admin: APIRequestContext,
): Promise<CommunityMember> {
  const member = await pendingCommunityExpert(page, admin);
  await approveProfile(page, admin, member.id);
  return member;
}

/** A scaling company named `companyName`, signed up in `page` and published. */
export async function publishedCommunityCompany(
  page: Page,
  admin: APIRequestContext,
  companyName: string,
  { openToBoard = false }: { openToBoard?: boolean } = {},
): Promise<CommunityMember> {
  const member = uniqueMember('Founder');
  await signUp(page, member, 'Scaling Company');
  await fillSections(page, companySections(companyName, openToBoard));
  const profile = await verifyAndSubmitProfile(page, admin, member.email);
  if (profile.status !== 'published') throw new Error(`The company profile is ${profile.status}`);
  return { ...member, id: profile.id, companyName };
}
