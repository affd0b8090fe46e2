import type { ProfileType } from '@intergen/domain';
import { type SectionOverrides, sectionsWith } from '@intergen/domain/testing';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Member, signUp } from './fixtures';
import { waitForMail } from './mailbox';

/**
 * Profiles filled through the API with the member's own session, as the wizard saves them: the helpers the
 * profile pages, account, admin profile, matching, connections and notifications specs build their members with.
 */

type SavedProfile = { id: string; status: string };

/** Calls the API with the page's session; state-changing calls carry our Origin (the CSRF check). */
async function call(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: method === 'GET' ? {} : { origin },
  });
  if (!response.ok())
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as { profile: SavedProfile };
}

/** The code of the newest verification e-mail to `email`. */
async function verificationCode(admin: APIRequestContext, email: string): Promise<string> {
  const mail = await waitForMail(admin, email, /verify/i);
  const code = /code is:\s+([A-Z0-9]{5})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No verification code in:\n${mail.text}`);
  return code;
}

/** Saves each section of the signed-in member's profile and reaches the review (default avatar). */
export async function fillSections(page: Page, sections: Record<string, unknown>): Promise<SavedProfile> {
  for (const [section, values] of Object.entries(sections)) {
    await call(page, 'PUT', `/api/profiles/me/sections/${section}`, values);
  }
  return (await call(page, 'POST', '/api/profiles/me/review-reached')).profile;
}

/** Verifies the member's e-mail with the code from the admin mailbox, then submits the profile. */
export async function verifyAndSubmitProfile(
  page: Page,
  admin: APIRequestContext,
  email: string,
): Promise<SavedProfile> {
  const code = await verificationCode(admin, email);
  await call(page, 'POST', '/api/auth/email-verification/verify', { code });
  return (await call(page, 'POST', '/api/profiles/me/submit')).profile;
}

/** The admin approves a submitted profile through the admin API: it is published. */
export async function approveProfile(page: Page, admin: APIRequestContext, profileId: string) {
  const origin = new URL(page.url()).origin;
  const approved = await admin.post(`/api/admin/profiles/${profileId}/approve`, { headers: { origin } });
  if (!approved.ok()) throw new Error(`Approve answered ${approved.status()}: ${await approved.text()}`);
}

/** A member whose profile was filled through the API, with the profile's id. */
export interface FilledMember extends Member {
  id: string;
  /** Companies only. */
  companyName?: string;
}

const typeLabels = { expert: 'Business Advisor', company: 'Scaling Company' } as const;

/**
 * Signs `member` up through the form as `kind`, saves the shared valid profile (with `overrides`, the test's
 * variation) and reaches the review (default avatar): a complete profile, not submitted.
 */
export async function completeMember<K extends ProfileType>(
  page: Page,
  member: Member,
  kind: K,
  overrides: SectionOverrides<K> = {},
): Promise<FilledMember> {
  await signUp(page, member, typeLabels[kind]);
  const sections = sectionsWith(kind, overrides);
  const profile = await fillSections(page, sections);
  if (profile.status !== 'complete') throw new Error(`The ${kind} profile is ${profile.status}`);
  const { companyName } = sections.basics as { companyName?: string };
  return { ...member, id: profile.id, ...(companyName ? { companyName } : {}) };
}

/**
 * The same, then verified with the code from the admin mailbox and submitted: a company is published, an
 * expert pending (or, with `approve`, approved by the admin: published).
 */
export async function submittedMember<K extends ProfileType>(
  page: Page,
  admin: APIRequestContext,
  member: Member,
  kind: K,
  overrides: SectionOverrides<K> = {},
  { approve = false }: { approve?: boolean } = {},
): Promise<FilledMember> {
  const filled = await completeMember(page, member, kind, overrides);
  const profile = await verifyAndSubmitProfile(page, admin, member.email);
  const expected = kind === 'company' ? 'published' : 'pending';
  if (profile.status !== expected) throw new Error(`The submitted ${kind} profile is ${profile.status}`);
  if (approve) await approveProfile(page, admin, profile.id);
  return filled;
}

/**
 * The facets of the browser tests' weak pair: the advisor offers sales and market expansion in technology and
 * eCommerce; the company needs sales and legal help in eCommerce. They share one need and one industry and
 * little else: a score under the automatic threshold, so no other spec's member is suggested to them (whose
 * dashboard would then not be empty) and only an admin's suggestion pairs them.
 */
export const weakPair = {
  expert: {
    profile: {
      experience: { tech: true, eComm: true },
      areasOfImprovement: { salesBusinessDevelopment: true, marketExpansion: true },
      idealEngagement: { mentor: true, advice: true },
      businessType: 'B2B',
      currentStage: { scaling: true },
    },
    extras: { arrangement: 'volunteer', investmentOpportunities: 'yes', boardOpportunities: 'no' },
  },
  company: {
    profile: {
      experience: { eComm: true },
      areasOfImprovement: { salesBusinessDevelopment: true, legal: true },
      idealEngagement: { handsOn: true },
      businessType: 'B2C',
      currentStage: 'startup',
    },
    extras: { arrangement: 'feeBased', investmentOpportunities: 'no', boardOpportunities: 'no' },
  },
} satisfies { [K in ProfileType]: SectionOverrides<K> };
