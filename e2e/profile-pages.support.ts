import type { SectionOverrides } from '@intergen/domain/testing';
import type { APIRequestContext, Page } from '@playwright/test';
import { newMember } from './support/fixtures';
import { completeMember, type FilledMember, submittedMember } from './support/profiles';

/**
 * Helpers of the profile pages, account and admin profile specs: a member whose profile is filled through the
 * API (with the member's own session, as the wizard would save it), verified and submitted.
 */

export type { FilledMember };

/** The profile pages' members: the shared valid profiles with their own facets and company name. */
const pagesExpert = {
  profile: {
    experience: { tech: true, manufacturing: true },
    areasOfImprovement: { productDevelopment: true, salesBusinessDevelopment: true },
    currentStage: { scaling: true },
  },
} satisfies SectionOverrides<'expert'>;

const pagesCompany = {
  basics: { companyName: 'Analytical Engines' },
  profile: { experience: { manufacturing: true }, areasOfImprovement: { legal: true, growthCapital: true } },
  extras: { investmentOpportunities: 'no' },
} satisfies SectionOverrides<'company'>;

/**
 * Signs a business advisor up through the form, fills all three sections through the API, reaches the review
 * (default avatar), verifies the e-mail with the code from the admin mailbox and submits for approval.
 */
export function submittedExpert(page: Page, admin: APIRequestContext, tag: string): Promise<FilledMember> {
  return submittedMember(page, admin, newMember(tag), 'expert', pagesExpert);
}

/** The same, then approved by the admin through the admin API: a published business advisor. */
export function publishedExpert(page: Page, admin: APIRequestContext, tag: string): Promise<FilledMember> {
  return submittedMember(page, admin, newMember(tag), 'expert', pagesExpert, { approve: true });
}

/** A scaling company whose profile is complete (review reached, default avatar) but not yet published. */
export function completeCompany(page: Page, tag: string): Promise<FilledMember> {
  return completeMember(page, newMember(tag), 'company', pagesCompany);
}
