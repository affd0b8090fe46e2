import { emailVerificationTexts, profilePictureTexts, wizardSteps, wizardTexts } from '@intergen/domain';
import { validSections } from '@intergen/domain/testing';
import type { Page } from '@playwright/test';
import { expect, newMember, signUp, test } from './support/fixtures';
import {
  blockingViolations,
  checkedWidths,
  dialogViolations,
  expectKeyboardDialog,
  shot,
} from './support/wizard-a11y';

/** An 8×8 PNG picture (the server re-encodes it to 400×400). */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4UaGBFTEMLQkAUtVaAUH78mEAAAAASUVORK5CYII=',
  'base64',
);

/** Saves sections through the API, as the wizard's autosave would. */
async function saveSections(page: Page, baseURL: string, sections: Record<string, object>) {
  for (const [section, body] of Object.entries(sections)) {
    const response = await page.request.put(`/api/profiles/me/sections/${section}`, {
      data: body,
      headers: { origin: baseURL },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

for (const width of checkedWidths) {
  test.describe(`the wizard at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const kind of ['expert', 'company'] as const) {
      test(`every ${kind} step, with its messages shown, has no serious or critical violations`, async ({
        page,
      }) => {
        // A cap, not a wait: five axe runs over a full step each take many seconds on a loaded two-core machine.
        test.setTimeout(240_000);
        await signUp(
          page,
          newMember(`a11y-${kind}`),
          kind === 'expert' ? 'Business Advisor' : 'Scaling Company',
        );
        for (const step of wizardSteps[kind].slice(0, 3)) {
          await page.goto(step.path);
          const next = page.getByRole('button', { name: wizardTexts.nextSection });
          await expect(next).toBeVisible();
          // Pressed while unavailable (it stays focusable): every message shows.
          await next.focus();
          await page.keyboard.press('Enter');
          await expect(page.getByRole('heading', { level: 1, name: step.title })).toBeVisible();
          // From the top: the sticky header must not sit over the fields while axe measures targets.
          await page.evaluate(() => window.scrollTo(0, 0));
          await shot(page, `${kind}-${width}-${step.path.split('/').pop()}`);
          expect(await blockingViolations(page)).toEqual([]);
        }
        // The picture dialog of the extras step: opened from the keyboard, and with a picture uploaded.
        const upload = page.getByRole('button', { name: profilePictureTexts.imageUpload });
        const pictureDialog = page.getByRole('dialog', { name: profilePictureTexts.imageDialogTitle });
        await expectKeyboardDialog(page, upload, pictureDialog);
        await upload.click();
        await shot(page, `${kind}-${width}-image-dialog`);
        expect(await dialogViolations(page, pictureDialog), 'the picture dialog').toEqual([]);
        await pictureDialog.locator('input[type=file]').setInputFiles({
          name: 'face.png',
          mimeType: 'image/png',
          buffer: tinyPng,
        });
        await expect(pictureDialog.getByText(profilePictureTexts.imageUploaded)).toBeVisible();
        expect(await blockingViolations(page), 'the picture dialog with a picture').toEqual([]);
        await page.keyboard.press('Escape');
        await expect(pictureDialog).toHaveCount(0);

        // The review with the readiness panel (incomplete).
        await page.goto('/profile/review');
        await expect(page.getByTestId('missing-areas')).toBeVisible();
        await shot(page, `${kind}-${width}-review`);
        expect(await blockingViolations(page)).toEqual([]);
      });
    }

    test('the review of a complete profile opens Email Verification, which has no serious violations', async ({
      page,
      baseURL,
    }) => {
      await signUp(page, newMember('a11y-review'), 'Business Advisor');
      await saveSections(page, baseURL!, validSections.expert);
      await page.goto('/profile/review');
      const dialog = page.getByRole('dialog', { name: emailVerificationTexts.verificationTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: emailVerificationTexts.verificationContinue }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Incomplete code');
      await shot(page, `expert-${width}-verification`);
      expect(await dialogViolations(page, dialog)).toEqual([]);
      // The focus is in the dialog (on its code), and Escape puts it away.
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('missing-areas')).toHaveCount(0);
      await shot(page, `expert-${width}-review-complete`);
      expect(await blockingViolations(page)).toEqual([]);
      // `Try another account` signs out to the login.
      await page.reload();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: emailVerificationTexts.tryAnotherAccount }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await page.goto('/profile/review');
      await page.waitForURL(/\/\?redirect=/);
    });
  });
}

test('step 1 is completed with the keyboard alone', async ({ page }) => {
  await signUp(page, newMember('keyboard'), 'Business Advisor');
  await page.getByRole('textbox', { name: 'Phone number' }).focus();
  await page.keyboard.type('555 123 4567');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'LinkedIn profile URL' })).toBeFocused();
  await page.keyboard.type('https://www.linkedin.com/in/keyboard-person');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Social media' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Social media' })).toBeChecked();
  // Event, Referral, Other, About you, Preview profile, then Next Section.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const next = page.getByRole('button', { name: wizardTexts.nextSection });
  await expect(next).toBeFocused();
  await expect(next).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/profile/experience');
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting You' })).toBeVisible();
});
