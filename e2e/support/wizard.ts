import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { waitForMail } from './mailbox';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG picture of one colour, made in memory (the server decodes and re-encodes it). */
export function pngOf(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A file just over the 512000-byte limit: refused by the page before any upload. */
export function oversizeFile() {
  return { name: 'too-big.png', mimeType: 'image/png', buffer: Buffer.alloc(512_001, 1) };
}

/** Ticks the boxes (or picks the radio) labelled `labels` inside the group labelled `groupName`. */
export async function tick(page: Page, groupName: string, ...labels: string[]) {
  const g = page
    .getByRole('group', { name: groupName })
    .or(page.getByRole('radiogroup', { name: groupName }));
  for (const label of labels) {
    await g.getByLabel(label, { exact: true }).check();
  }
}

/** Waits until the autosave indicator says everything is saved. */
export async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-indicator')).toHaveText('All Changes Saved');
}

/** Presses Next Section once it is available and waits for the next step's address. */
export async function nextSection(page: Page, nextPath: string) {
  const next = page.getByRole('button', { name: 'Next Section' });
  await expect(next).not.toHaveAttribute('aria-disabled', 'true');
  await next.click();
  await page.waitForURL(`**${nextPath}`);
}

/** Uploads a picture through the Profile picture dialog of the extras step; an oversize one is refused first. */
export async function uploadPicture(page: Page, { tryOversize = false } = {}) {
  await page
    .getByRole('button', { name: /Upload picture|Change picture/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Profile picture' });
  const input = dialog.locator('input[type="file"]');
  if (tryOversize) {
    await input.setInputFiles(oversizeFile());
    await expect(dialog.getByRole('alert')).toHaveText('The file size exceeds the limit of 500KB.');
  }
  await input.setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: pngOf(64, 48, [40, 90, 200]),
  });
  await expect(dialog.getByText('Your new profile picture')).toBeVisible();
  const picture = dialog.getByRole('img', { name: /Profile picture of/ });
  await expect(picture).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** The 5-character code of the newest verification e-mail to `email`. */
export async function verificationCode(admin: APIRequestContext, email: string, after = 0): Promise<string> {
  const mail = await waitForMail(admin, email, /Verify your InterGen e-mail address/, { after });
  const code = /verification code is:\s+([A-Z0-9]{5})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in:\n${mail.text}`);
  return code;
}

/** Types the code into the Email Verification dialog (its first box has the focus) and continues. */
export async function enterVerificationCode(page: Page, code: string) {
  const dialog = page.getByRole('dialog', { name: 'Email Verification' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox').first()).toBeFocused();
  await page.keyboard.type(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

/** Enters the code in the Email Verification dialog, then continues through the verified dialog. */
export async function verifyAndSubmit(page: Page, code: string) {
  await enterVerificationCode(page, code);
  const verified = page.getByRole('dialog', { name: 'Your e-mail is verified' });
  await expect(verified).toBeVisible();
  await verified.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard');
}

/** The signed-in member's own profile, read through the page's session. */
export async function ownProfile(page: Page) {
  const response = await page.request.get('/api/profiles/me');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { profile: Record<string, unknown> & { data: Record<string, unknown> } })
    .profile;
}
