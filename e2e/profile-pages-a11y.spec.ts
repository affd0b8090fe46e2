import { accountTexts, authTexts, commonTexts, ownAccountTexts } from '@intergen/domain';
import { publishedExpert } from './profile-pages.support';
import { expect, test } from './support/fixtures';
import { adminStorageStateFile } from './support/state';
import {
  blockingViolations,
  checkedWidths,
  dialogViolations,
  expectKeyboardDialog,
} from './support/wizard-a11y';

/** The dialogs of /profile/edit's Account section, by the title of the button that opens each. */
const accountDialogs = [
  { button: authTexts.changePassword, dialog: authTexts.changePassword },
  { button: accountTexts.pauseTitle, dialog: accountTexts.pauseTitle },
  { button: accountTexts.privacyTitle, dialog: accountTexts.privacyTitle },
  { button: accountTexts.disableTitle, dialog: accountTexts.disableTitle },
  { button: ownAccountTexts.deleteAction, dialog: ownAccountTexts.deleteTitle },
  { button: accountTexts.signOutEverywhere, dialog: accountTexts.signOutEverywhere },
];

test('the profile pages, the account dialogs, the banners and the admin pages have no serious violations', async ({
  page,
  admin,
  browser,
}) => {
  // A cap, not a wait: some twenty axe runs on a loaded two-core machine.
  test.setTimeout(240_000);
  const expert = await publishedExpert(page, admin, 'a11y-expert');

  for (const width of checkedWidths) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/profile/public');
    await expect(page.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
    expect(await blockingViolations(page), `/profile/public at ${width}`).toEqual([]);

    await page.goto('/profile/edit');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await blockingViolations(page), `/profile/edit at ${width}`).toEqual([]);
    for (const { button, dialog: title } of accountDialogs) {
      const opener = page.getByRole('button', { name: button, exact: true });
      const dialog = page.getByRole('dialog', { name: title });
      await expectKeyboardDialog(page, opener, dialog);
      await opener.click();
      expect(await dialogViolations(page, dialog), `${title} at ${width}`).toEqual([]);
      await dialog.getByRole('button', { name: commonTexts.cancel }).click();
      await expect(dialog).toHaveCount(0);
    }
  }

  // Paused: the banner, and the Resume dialog.
  await page.getByRole('button', { name: accountTexts.pauseTitle }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: accountTexts.tellUsMore }).fill('A break');
  await page.getByRole('dialog').getByRole('button', { name: accountTexts.pauseTitle }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByText(accountTexts.pausedBanner)).toBeVisible();
  const resume = page.getByRole('dialog', { name: accountTexts.resumeTitle });
  for (const width of checkedWidths) {
    await page.setViewportSize({ width, height: 800 });
    expect(await blockingViolations(page), `paused banner at ${width}`).toEqual([]);
    const opener = page.getByRole('button', { name: accountTexts.resumeLink });
    await expectKeyboardDialog(page, opener, resume);
    await opener.click();
    expect(await dialogViolations(page, resume), `resume dialog at ${width}`).toEqual([]);
    await resume.getByRole('button', { name: commonTexts.cancel }).click();
    await expect(resume).toHaveCount(0);
  }
  await page.getByRole('button', { name: accountTexts.resumeLink }).click();
  await resume.getByRole('button', { name: accountTexts.resumeTitle }).click();
  await expect(page.getByText(accountTexts.welcomeBack)).toBeVisible();
  // Scan once the dialog has faded out: mid-fade its text has too little contrast.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const width of checkedWidths) {
    await page.setViewportSize({ width, height: 800 });
    expect(await blockingViolations(page), `welcome back at ${width}`).toEqual([]);
  }

  const context = await browser.newContext({ storageState: adminStorageStateFile });
  const adminPage = await context.newPage();
  await adminPage.goto('/admin/members');
  await expect(adminPage.getByRole('table', { name: 'Members' })).toBeVisible();
  expect(await blockingViolations(adminPage), '/admin/members').toEqual([]);
  await adminPage.goto(`/admin/members/${expert.id}`);
  await expect(adminPage.getByRole('region', { name: 'Status' })).toBeVisible();
  expect(await blockingViolations(adminPage), '/admin/members/:id').toEqual([]);
  await context.close();
});
