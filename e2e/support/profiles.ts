import type { APIRequestContext, Page } from '@playwright/test';
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
