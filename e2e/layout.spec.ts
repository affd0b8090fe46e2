import { profilePictureTexts, profileTexts } from '@intergen/domain';
import type { Locator, Page } from '@playwright/test';
import { completeCompany, submittedExpert } from './profile-pages.support';
import { overflowsSideways } from './support/connections';
import { expect, test } from './support/fixtures';
import { adminStorageStateFile } from './support/state';
import { blockingViolations, shot } from './support/wizard-a11y';

/** The elements wider than the window, for a readable failure. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter(
        (el) =>
          !el.closest('.mantine-ScrollArea-root, [data-scroll-container], .mantine-Table-scrollContainer'),
      )
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} → ${Math.round(el.getBoundingClientRect().right)}`,
      ),
  );
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

test.describe('layouts', () => {
  test('the admin mailbox and members pages do not scroll sideways at 390 px; their tables scroll inside', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // A member: a row in the members table and a verification e-mail in the mailbox.
    const company = await completeCompany(page, 'layout-admin');
    const context = await browser.newContext({
      storageState: adminStorageStateFile,
      viewport: { width: 390, height: 844 },
    });
    const adminPage = await context.newPage();
    const onScreen = async (locator: Locator, what: string) => {
      await expect(locator).toBeVisible();
      const b = await box(locator);
      expect(b.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, `${what} ends on screen`).toBeLessThanOrEqual(390);
    };

    // The mailbox: each message's subject, recipient and time on screen, no sideways scrolling at all.
    await adminPage.goto('/admin/mailbox');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    const mail = adminPage.getByRole('listitem').filter({ hasText: company.email }).first();
    await onScreen(mail.getByRole('button', { name: /Verify your InterGen e-mail address/ }), 'the subject');
    await onScreen(mail.locator('time'), 'the time');
    expect(await overflowing(adminPage), 'the mailbox at 390 px').toEqual([]);
    await expect.poll(() => overflowsSideways(adminPage)).toBe(false);
    await shot(adminPage, 'layout-mailbox-390');

    // The members console: the member's name (the link to their page) and status on screen; the table's other
    // columns scroll inside its own box.
    await adminPage.goto(`/admin/members?search=${encodeURIComponent(company.email)}`);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    const row = adminPage
      .getByRole('table', { name: 'Members' })
      .getByRole('row')
      .filter({ hasText: company.email });
    await onScreen(row.getByRole('link', { name: company.name }), 'the name');
    await onScreen(row.getByText('Complete', { exact: true }), 'the status');
    expect(await overflowing(adminPage), 'the members at 390 px').toEqual([]);
    await expect.poll(() => overflowsSideways(adminPage)).toBe(false);
    expect(await blockingViolations(adminPage), 'the members at 390 px').toEqual([]);
    await shot(adminPage, 'layout-members-390');
    await context.close();
  });

  test('a profile page shows the name beside the picture, wide and at 390 px, and in its modal', async ({
    page,
    admin,
  }) => {
    test.setTimeout(120_000);
    const expert = await submittedExpert(page, admin, 'layout-header');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/profile/public');
      const header = page.getByRole('article', { name: expert.name }).locator('header');
      const avatar = await box(header.getByRole('img', { name: profilePictureTexts.imageAlt(expert.name) }));
      const name = await box(header.getByRole('heading', { level: 1, name: expert.name }));
      expect(name.x, `name right of the picture at ${width} px`).toBeGreaterThanOrEqual(
        avatar.x + avatar.width,
      );
      expect(name.y, `name level with the picture at ${width} px`).toBeLessThan(avatar.y + avatar.height);
      await expect.poll(() => overflowsSideways(page)).toBe(false);

      // Opened as a modal over the dashboard, the header names the member beside the picture too.
      await page.goto(`/dashboard/${expert.id}`);
      const modal = page.getByRole('dialog', { name: expert.name });
      // Names are title-cased at sign-up.
      const modalHeader = modal.getByRole('article').locator('header');
      const modalAvatar = await box(
        modalHeader.getByRole('img', { name: profilePictureTexts.imageAlt(expert.name) }),
      );
      const modalName = await box(modalHeader.getByText(new RegExp(`^${expert.name}$`, 'i')));
      expect(modalName.x, `modal: name right of the picture at ${width} px`).toBeGreaterThanOrEqual(
        modalAvatar.x + modalAvatar.width,
      );
      expect(modalName.y).toBeLessThan(modalAvatar.y + modalAvatar.height);
    }
  });

  test('the account banners line up with the page content, on the dashboard too', async ({ page, admin }) => {
    test.setTimeout(120_000);
    await submittedExpert(page, admin, 'layout-banner');
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const path of ['/dashboard', '/profile/edit']) {
      await page.goto(path);
      const banner = page.getByText(profileTexts.pendingBanner);
      await expect(banner).toBeVisible();
      const alert = await box(page.getByRole('status').filter({ hasText: profileTexts.pendingBanner }));
      const title = await box(page.getByRole('heading', { level: 1 }));
      expect(Math.abs(alert.x - title.x), `banner and title aligned on ${path}`).toBeLessThanOrEqual(1);
    }
  });
});
