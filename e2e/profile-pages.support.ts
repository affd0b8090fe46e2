import type { APIRequestContext, Page } from '@playwright/test';
import { type Member, newMember, signUp } from './support/fixtures';
import { approveProfile, fillSections, verifyAndSubmitProfile } from './support/profiles';

/**
 * Helpers of the profile pages, account and admin profile specs: a member whose profile is filled through the
 * API (with the member's own session, as the wizard would save it), verified and submitted.
 */

export interface FilledMember extends Member {
  id: string;
}

const expertSections = {
  basics: {
    interGenData: { socialMedia: true },
    phone: '(555) 123-4567',
    linkedin: 'https://www.linkedin.com/in/test-advisor',
    about: 'Advisor to growing companies.',
  },
  profile: {
    experience: { tech: true, manufacturing: true },
    areasOfImprovement: { productDevelopment: true, salesBusinessDevelopment: true },
    idealEngagement: { mentor: true, advice: true },
    businessType: 'B2B',
    currentStage: { scaling: true },
  },
  extras: {
    anythingElse: 'Thirty years of building engines.',
    engagementType: 'oneOngoing',
    arrangement: 'volunteer',
    investmentOpportunities: 'yes',
    boardOpportunities: 'no',
    interests: { noInvesting: true },
  },
};

const companySections = {
  basics: {
    interGenData: { event: true },
    phone: '555-987-6543',
    linkedin: 'https://www.linkedin.com/company/engines',
    jobTitle: 'Founder',
    companyName: 'Analytical Engines',
    slogan: 'Numbers, woven.',
    companySize: 12,
    yearsInBusiness: 3,
    website: 'https://engines.example',
    revenue: 'revenueLessThanFiveMoreThanOne',
    capital: 'capitalLessThan250k',
  },
  profile: {
    experience: { manufacturing: true },
    areasOfImprovement: { legal: true, growthCapital: true },
    idealEngagement: { handsOn: true },
    businessType: 'B2C',
    currentStage: 'scaling',
  },
  extras: {
    anythingElse: 'We need help with sales.',
    arrangement: 'feeBased',
    investmentOpportunities: 'no',
    boardOpportunities: 'yes',
  },
};

/**
 * Signs a business advisor up through the form, fills all three sections through the API, reaches the review
 * (default avatar), verifies the e-mail with the code from the admin mailbox and submits for approval.
 */
export async function submittedExpert(
  page: Page,
  admin: APIRequestContext,
  tag: string,
): Promise<FilledMember> {
  const member = newMember(tag);
  await signUp(page, member, 'Business Advisor');
  await fillSections(page, expertSections);
  const profile = await verifyAndSubmitProfile(page, admin, member.email);
  if (profile.status !== 'pending') throw new Error(`Submitted profile is ${profile.status}`);
  return { ...member, id: profile.id };
}

/** The same, then approved by the admin through the admin API: a published business advisor. */
export async function publishedExpert(
  page: Page,
  admin: APIRequestContext,
  tag: string,
): Promise<FilledMember> {
  const member = await submittedExpert(page, admin, tag);
  await approveProfile(page, admin, member.id);
  return member;
}

/** A scaling company whose profile is complete (review reached, default avatar) but not yet published. */
export async function completeCompany(page: Page, tag: string): Promise<FilledMember> {
  const member = newMember(tag);
  await signUp(page, member, 'Scaling Company');
  const profile = await fillSections(page, companySections);
  if (profile.status !== 'complete') throw new Error(`The company profile is ${profile.status}`);
  return { ...member, id: profile.id };
}
