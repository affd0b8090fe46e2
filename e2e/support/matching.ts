import type { ProfileType } from '@intergen/domain';
import type { SectionOverrides } from '@intergen/domain/testing';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { suggestPair } from './connections';
import { letters, uniqueNamedMember } from './fixtures';
import { type FilledMember, submittedMember, weakPair } from './profiles';

/**
 * Helpers of the matching spec: a published business advisor and a published scaling company whose profiles
 * are filled through the API with each member's own session (as the wizard saves them). Their names are
 * unique in the run, so the admin's pickers and the dashboard find exactly them.
 */

export type PublishedMember = FilledMember;

const uniqueMember = (first: string) => uniqueNamedMember('matching', first);

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
} as const;
const strongExtras = {
  arrangement: 'feeBased',
  investmentOpportunities: 'no',
  boardOpportunities: 'no',
} as const;
export const strongPair = {
  expert: { profile: { ...strongFacets, currentStage: { startup: true } }, extras: strongExtras },
  company: { profile: { ...strongFacets, currentStage: 'startup' }, extras: strongExtras },
} satisfies { [K in ProfileType]: SectionOverrides<K> };

type Facets<K extends ProfileType> = Pick<SectionOverrides<K>, 'profile' | 'extras'>;

/**
 * A business advisor signed up in `page`, submitted and approved by the admin: published. `facets` replaces the
 * profile step and the matching answers of the extras step (default: the weak pair with the company below).
 */
export function publishedMatchingExpert(
  page: Page,
  admin: APIRequestContext,
  facets: Facets<'expert'> = weakPair.expert,
): Promise<PublishedMember> {
  return submittedMember(page, admin, uniqueMember('Advisor'), 'expert', facets, { approve: true });
}

/** A scaling company signed up in `page` and published (a company publishes directly); `facets` as above. */
export function publishedMatchingCompany(
  page: Page,
  admin: APIRequestContext,
  facets: Facets<'company'> = weakPair.company,
): Promise<PublishedMember> {
  return submittedMember(page, admin, uniqueMember('Founder'), 'company', {
    ...facets,
    basics: { companyName: `Shopwright ${letters(6)}` },
  });
}

/** A published advisor and company, each in a browser of its own, that the admin suggested to each other. */
export interface SuggestedPair {
  expert: PublishedMember;
  company: PublishedMember;
  expertPage: Page;
  companyPage: Page;
  /** The second browser's context (the one not given): the test closes it. */
  context: BrowserContext;
  suggestionId: string;
}

/**
 * The member of the kind `first` is made in `page`, then the other in a new context of `browser`; the admin then
 * suggests them to each other. `facets` as above (default: the weak pair).
 */
export async function suggestedPair(
  page: Page,
  admin: APIRequestContext,
  browser: Browser,
  first: 'expert' | 'company',
  facets: { expert?: Facets<'expert'>; company?: Facets<'company'> } = {},
): Promise<SuggestedPair> {
  const make = (kind: 'expert' | 'company', on: Page) =>
    kind === 'expert'
      ? publishedMatchingExpert(on, admin, facets.expert)
      : publishedMatchingCompany(on, admin, facets.company);
  const firstMember = await make(first, page);
  const context = await browser.newContext();
  const otherPage = await context.newPage();
  const otherMember = await make(first === 'expert' ? 'company' : 'expert', otherPage);
  const [expert, expertPage, company, companyPage] =
    first === 'expert'
      ? [firstMember, page, otherMember, otherPage]
      : [otherMember, otherPage, firstMember, page];
  const suggestionId = await suggestPair(admin, new URL(page.url()).origin, expert.id, company.id);
  return { expert, company, expertPage, companyPage, context, suggestionId };
}
