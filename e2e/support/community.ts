import type { SectionOverrides } from '@intergen/domain/testing';
import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueNamedMember } from './fixtures';
import { type FilledMember, submittedMember, weakPair } from './profiles';

/**
 * Helpers of the community spec: published business advisors and scaling companies whose company names carry
 * a tag unique in the run, so that a search for the tag finds exactly them in a database other specs share.
 * Their facets are the weak pair's (profiles.ts): suggested to no other spec's member.
 */

export type CommunityMember = FilledMember;

const uniqueMember = (first: string) => uniqueNamedMember('community', first);

/** The community's advisor: the weak pair's, open to board positions. */
const communityExpert: SectionOverrides<'expert'> = {
  ...weakPair.expert,
  extras: { ...weakPair.expert.extras, boardOpportunities: 'yes' },
};

/** A business advisor signed up in `page`, submitted for approval and not approved yet: pending. */
export function pendingCommunityExpert(page: Page, admin: APIRequestContext): Promise<CommunityMember> {
  return submittedMember(page, admin, uniqueMember('Advisor'), 'expert', communityExpert);
}

/** A business advisor signed up in `page`, submitted and approved by the admin: published. */
export function publishedCommunityExpert(page: Page, admin: APIRequestContext): Promise<CommunityMember> {
  return submittedMember(page, admin, uniqueMember('Advisor'), 'expert', communityExpert, { approve: true });
}

/** A scaling company named `companyName`, signed up in `page` and published. */
export function publishedCommunityCompany(
  page: Page,
  admin: APIRequestContext,
  companyName: string,
  { openToBoard = false }: { openToBoard?: boolean } = {},
): Promise<CommunityMember> {
  return submittedMember(page, admin, uniqueMember('Founder'), 'company', {
    ...weakPair.company,
    basics: { companyName },
    extras: { ...weakPair.company.extras, boardOpportunities: openToBoard ? 'yes' : 'no' },
  });
}
