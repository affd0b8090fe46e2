import type { APIRequestContext, Page } from '@playwright/test';
import { type Member, newMember, signUp } from './support/fixtures';
import { waitForMail } from './support/mailbox';

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
  return (await response.json()) as { profile: { id: string; status: string } };
}

/** The code of the newest verification e-mail to `email`. */
export async function verificationCode(admin: APIRequestContext, email: string): Promise<string> {
  const mail = await waitForMail(admin, email, /verify/i);
  const code = /code is:\s+([A-Z0-9]{5})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No verification code in:\n${mail.text}`);
  return code;
}

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
  for (const [section, values] of Object.entries(expertSections)) {
    await call(page, 'PUT', `/api/profiles/me/sections/${section}`, values);
  }
  await call(page, 'POST', '/api/profiles/me/review-reached');
  const code = await verificationCode(admin, member.email);
  const origin = new URL(page.url()).origin;
  const verified = await page.request.post('/api/auth/email-verification/verify', {
    data: { code },
    headers: { origin },
  });
  if (!verified.ok()) throw new Error(`Verification answered ${verified.status()}: ${await verified.text()}`);
  const { profile } = await call(page, 'POST', '/api/profiles/me/submit');
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
  const origin = new URL(page.url()).origin;
  const approved = await admin.post(`/api/admin/profiles/${member.id}/approve`, { headers: { origin } });
  if (!approved.ok()) throw new Error(`Approve answered ${approved.status()}: ${await approved.text()}`);
  return member;
}

/** A scaling company whose profile is complete (review reached, default avatar) but not yet published. */
export async function completeCompany(page: Page, tag: string): Promise<FilledMember> {
  const member = newMember(tag);
  await signUp(page, member, 'Scaling Company');
  for (const [section, values] of Object.entries(companySections)) {
    await call(page, 'PUT', `/api/profiles/me/sections/${section}`, values);
  }
  const { profile } = await call(page, 'POST', '/api/profiles/me/review-reached');
  if (profile.status !== 'complete') throw new Error(`The company profile is ${profile.status}`);
  return { ...member, id: profile.id };
}
