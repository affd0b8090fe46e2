import type { APIRequestContext, Page } from '@playwright/test';
import { letters, type Member, signUp, uniqueNamedMember } from './fixtures';
import { approveProfile, fillSections, verifyAndSubmitProfile } from './profiles';

/**
 * Helpers of the matching spec: a published business advisor and a published scaling company whose profiles
 * are filled through the API with each member's own session (as the wizard saves them). Their names are
 * unique in the run, so the admin's pickers and the dashboard find exactly them.
 */

export interface PublishedMember extends Member {
  id: string;
  /** Companies only. */
  companyName?: string;
}

const uniqueMember = (first: string) => uniqueNamedMember('matching', first);

/**
 * The advisor offers sales and market expansion in technology and eCommerce; the company needs sales and
 * legal help in eCommerce. They share one need and one industry and little else: a score under the automatic
 * threshold, so only the admin's suggestion pairs them.
 */
const expertSections = {
  basics: {
    interGenData: { socialMedia: true },
    phone: '(555) 123-4567',
    linkedin: 'https://www.linkedin.com/in/matching-advisor',
    about: 'Advisor to online retailers.',
  },
  profile: {
    experience: { tech: true, eComm: true },
    areasOfImprovement: { salesBusinessDevelopment: true, marketExpansion: true },
    idealEngagement: { mentor: true, advice: true },
    businessType: 'B2B',
    currentStage: { scaling: true },
  },
  extras: {
    anythingElse: 'Twenty years of selling online.',
    engagementType: 'oneOngoing',
    arrangement: 'volunteer',
    investmentOpportunities: 'yes',
    boardOpportunities: 'no',
    interests: { noInvesting: true },
  },
};

function companySections(companyName: string) {
  return {
    basics: {
      interGenData: { event: true },
      phone: '555-987-6543',
      linkedin: 'https://www.linkedin.com/company/matching-company',
      jobTitle: 'Founder',
      companyName,
      slogan: 'Shops that sell themselves.',
      companySize: 8,
      yearsInBusiness: 2,
      website: 'https://shop.example',
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
      boardOpportunities: 'no',
    },
  };
}

/**
 * Facets of a strong pair (score 100: only strong pairs' scores are stored) that scores under the automatic
 * threshold with every other member the browser tests make: energy and growth capital, hands-on, fee-based,
 * B2C at the startup stage. So no other test's member gets a suggestion from them.
 */
const strongFacets = {
  experience: { energy: true },
  areasOfImprovement: { growthCapital: true },
  idealEngagement: { handsOn: true },
  businessType: 'B2C',
};
const strongExtras = { arrangement: 'feeBased', investmentOpportunities: 'no', boardOpportunities: 'no' };
export const strongPair = {
  expert: { profile: { ...strongFacets, currentStage: { startup: true } }, extras: strongExtras },
  company: { profile: { ...strongFacets, currentStage: 'startup' }, extras: strongExtras },
};

type Facets = { profile: object; extras: object };

/**
 * A business advisor signed up in `page`, submitted and approved by the admin: published. `facets` replaces the
 * profile step and the matching answers of the extras step (default: the weak pair with the company below).
 */
export async function publishedMatchingExpert(
  page: Page,
  admin: APIRequestContext,
  facets?: Facets,
): Promise<PublishedMember> {
  const member = uniqueMember('Advisor');
  await signUp(page, member, 'Business Advisor');
  await fillSections(
    page,
    facets
      ? {
          ...expertSections,
          profile: facets.profile,
          extras: { ...expertSections.extras, ...facets.extras },
        }
      : expertSections,
  );
  const profile = await verifyAndSubmitProfile(page, admin, member.email);
  await approveProfile(page, admin, profile.id);
  return { ...member, id: profile.id };
}

/** A scaling company signed up in `page` and published (a company publishes directly); `facets` as above. */
export async function publishedMatchingCompany(
  page: Page,
  admin: APIRequestContext,
  facets?: Facets,
): Promise<PublishedMember> {
  const member = uniqueMember('Founder');
  const companyName = `Shopwright ${letters(6)}`;
  await signUp(page, member, 'Scaling Company');
  const sections = companySections(companyName);
  await fillSections(
    page,
    facets
      ? { ...sections, profile: facets.profile, extras: { ...sections.extras, ...facets.extras } }
      : sections,
  );
  const profile = await verifyAndSubmitProfile(page, admin, member.email);
  if (profile.status !== 'published') throw new Error(`The company profile is ${profile.status}`);
  return { ...member, id: profile.id, companyName };
}
