import { type APIRequestContext, type Page, request } from '@playwright/test';
import { completeCompany, submittedExpert } from './profile-pages.support';
import { overflowsSideways } from './support/connections';
import { expect, letters, logIn, test } from './support/fixtures';
import { adminStorageStateFile, readServerState } from './support/state';

const firstNames = [
  'Amy',
  'Bea',
  'Cal',
  'Dan',
  'Eve',
  'Fay',
  'Gus',
  'Hal',
  'Ivy',
  'Jon',
  'Kai',
  'Lea',
  'Mia',
];

/** Thirteen members signed up through the API, all named `<first name> <surname>`: more than one page of 12. */
async function signUpFamily(surname: string) {
  const { baseURL } = readServerState();
  for (const first of firstNames) {
    const context: APIRequestContext = await request.newContext({ baseURL });
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const response = await context.post('/api/auth/sign-up', {
      data: {
        name: `${first} ${surname}`,
        email: `members-${first.toLowerCase()}-${stamp}@example.com`,
        password: `Sturdy-${stamp}`,
        profileType: first.length % 2 ? 'expert' : 'company',
      },
      headers: { origin: baseURL },
    });
    if (response.status() !== 201) throw new Error(`sign-up ${response.status()}: ${await response.text()}`);
    await context.dispose();
  }
}

const members = (page: Page) => page.getByRole('table', { name: 'Members' });
const dataRows = (page: Page) => members(page).locator('tbody tr');

test.describe('admin members console', () => {
  test('the admin searches, sorts, loads more, filters (kept over a reload), opens a company and acts on it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const company = await completeCompany(page, 'admin-company');
    const surname = `Fam${letters(7)}`;
    await signUpFamily(surname);

    const context = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await context.newPage();
    await adminPage.goto('/admin/mailbox');
    await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Members' }).click();
    await adminPage.waitForURL('**/admin/members');

    // Search: `/` puts the cursor in the box; the list follows once typing pauses.
    await adminPage.getByRole('heading', { level: 1, name: 'Members' }).click();
    await adminPage.keyboard.press('/');
    const search = adminPage.getByRole('searchbox', { name: 'Search' });
    await expect(search).toBeFocused();
    await search.fill(surname.toLowerCase());
    await expect(adminPage).toHaveURL(new RegExp(`search=${surname.toLowerCase()}`));
    await expect(adminPage.getByRole('status').filter({ hasText: 'members' })).toHaveText('12 of 13 members');
    await expect(dataRows(adminPage)).toHaveCount(12);

    // Sort by name: A→Z, then Z→A.
    const nameHeading = members(adminPage).getByRole('columnheader', { name: /Name/ });
    await nameHeading.getByRole('button').click();
    await expect(nameHeading).toHaveAttribute('aria-sort', 'ascending');
    await expect(dataRows(adminPage).first()).toContainText(`Amy ${surname}`);
    await nameHeading.getByRole('button').click();
    await expect(nameHeading).toHaveAttribute('aria-sort', 'descending');
    await expect(dataRows(adminPage).first()).toContainText(`Mia ${surname}`);
    await expect(adminPage).toHaveURL(/sort=name&order=desc/);

    // Load more: the last member joins the rows already read, and the page does not jump back to the top.
    const loadMore = adminPage.getByRole('button', { name: 'Load more' });
    await loadMore.scrollIntoViewIfNeeded();
    const scrolled = await adminPage.evaluate(() => window.scrollY);
    await loadMore.click();
    await expect(dataRows(adminPage)).toHaveCount(13);
    await expect(dataRows(adminPage).first()).toContainText(`Mia ${surname}`);
    await expect(dataRows(adminPage).last()).toContainText(`Amy ${surname}`);
    await expect(loadMore).toHaveCount(0);
    await expect(members(adminPage).getByRole('link', { name: `Amy ${surname}` })).toBeFocused();
    expect(await adminPage.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled);

    // Filters: a complete company, found by e-mail; the view is in the address and survives a reload.
    await search.fill(company.email);
    await adminPage.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Scaling Company' });
    await adminPage.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Complete' });
    await expect(adminPage).toHaveURL(/role=company/);
    await expect(adminPage).toHaveURL(/status=complete/);
    await expect(dataRows(adminPage)).toHaveCount(1);
    await adminPage.reload();
    const row = dataRows(adminPage).filter({ hasText: company.email });
    await expect(row).toContainText('Complete');
    await expect(adminPage.getByRole('searchbox', { name: 'Search' })).toHaveValue(company.email);

    // Open the member: the actions are on their page.
    await row.getByRole('link', { name: company.name }).click();
    await adminPage.waitForURL(`**/admin/members/${company.id}`);
    await expect(adminPage.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
    const panel = adminPage.getByRole('region', { name: 'Status' });
    await panel.getByRole('button', { name: `Publish ${company.name}` }).click();
    await expect(panel.getByText('Published', { exact: true })).toBeVisible();
    await expect(adminPage.getByText('Analytical Engines').first()).toBeVisible();

    // Unpublish, with a reason.
    await panel.getByRole('button', { name: `Unpublish ${company.name}` }).click();
    let dialog = adminPage.getByRole('dialog', { name: `Unpublish ${company.name}` });
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await expect(dialog.getByText('Please give a reason.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Incomplete company details');
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByText('Incomplete company details')).toBeVisible();

    // An unpublished profile can be published again from the console.
    await panel.getByRole('button', { name: `Publish ${company.name}` }).click();
    await expect(panel.getByText('Published', { exact: true })).toBeVisible();

    // Deactivate: the member is signed out at once.
    await panel.getByRole('button', { name: `Deactivate ${company.name}` }).click();
    dialog = adminPage.getByRole('dialog', { name: `Deactivate ${company.name}` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spam');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(panel.getByText('Inactive', { exact: true })).toBeVisible();
    await page.goto('/dashboard');
    await page.waitForURL(/\/\?redirect=/);

    // Activating an unverified member returns them to their derived status (complete), never stranded:
    // they may sign in and finish, and the console offers Publish again.
    await panel.getByRole('button', { name: `Activate ${company.name}` }).click();
    await expect(panel.getByText('Complete', { exact: true })).toBeVisible();
    await expect(panel.getByText('Inactive', { exact: true })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: `Publish ${company.name}` })).toBeVisible();

    // Back in the console, the row shows the member as they are now.
    await adminPage.getByRole('link', { name: 'All members' }).click();
    await adminPage.waitForURL('**/admin/members');
    await search.fill(company.email);
    await expect(dataRows(adminPage).filter({ hasText: company.email })).toContainText('Complete');
    await context.close();
  });

  test('the admin verifies and approves a business advisor awaiting approval; the badge shows on the profile', async ({
    page,
    admin,
    browser,
  }) => {
    test.setTimeout(120_000);
    const expert = await submittedExpert(page, admin, 'admin-verify');
    const context = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await context.newPage();
    await adminPage.goto('/admin/members');
    await adminPage.getByRole('button', { name: 'Awaiting approval' }).click();
    await expect(adminPage).toHaveURL(/role=expert&status=pending/);
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(expert.email);
    await expect(adminPage).toHaveURL(/search=/);
    const row = dataRows(adminPage).filter({ hasText: expert.email });
    await expect(row).toContainText('Under review');
    await row.getByRole('link', { name: expert.name }).click();
    const panel = adminPage.getByRole('region', { name: 'Status' });
    await panel.getByRole('button', { name: `Verify ${expert.name}` }).click();
    await expect(panel.getByRole('button', { name: `Unverify ${expert.name}` })).toBeVisible();
    await panel.getByRole('button', { name: `Approve ${expert.name}` }).click();
    await expect(panel.getByText('Published', { exact: true })).toBeVisible();

    // Deactivated, then activated: complete with a verified e-mail, so published again (000 §4).
    await panel.getByRole('button', { name: `Deactivate ${expert.name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Deactivate ${expert.name}` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Checking');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(panel.getByText('Inactive', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: `Activate ${expert.name}` }).click();
    await expect(panel.getByText('Published', { exact: true })).toBeVisible();
    await context.close();
    // The deactivation ended the expert's session; activated, they sign in again.
    await page.goto('/');
    await logIn(page, expert.email, expert.password);
    await page.waitForURL('**/profile/review');

    await page.goto('/profile/public');
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  });

  test('at 390 px the members table scrolls inside its box with the name column kept in view', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const company = await completeCompany(page, 'admin-narrow');
    const context = await browser.newContext({
      storageState: adminStorageStateFile,
      viewport: { width: 390, height: 844 },
    });
    const adminPage = await context.newPage();
    await adminPage.goto(`/admin/members?search=${encodeURIComponent(company.email)}`);
    const name = members(adminPage).getByRole('link', { name: company.name });
    await expect(name).toBeVisible();
    const scroller = adminPage.getByRole('region', { name: 'Members table (scrolls sideways)' });
    const nameCell = dataRows(adminPage).first().getByRole('rowheader');
    const before = await nameCell.boundingBox();
    // Scrolled sideways until the rating column sits beside the names: the names stay where they were.
    const rating = dataRows(adminPage).first().getByText('No ratings');
    await rating.evaluate((el) => {
      const cell = el.closest('td')!;
      const box = el.closest('section')!;
      const names = box.querySelector('tbody th')!.getBoundingClientRect();
      // Whole pixels, rounded down: a fractional scroll rounded up would tuck the cell a hair under the names.
      box.scrollLeft = Math.floor(box.scrollLeft + cell.getBoundingClientRect().left - names.right);
    });
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(300);
    expect(await nameCell.boundingBox()).toEqual(before);
    const ratingBox = await rating.boundingBox();
    expect(ratingBox!.x).toBeGreaterThanOrEqual(before!.x + before!.width);
    expect(ratingBox!.x + ratingBox!.width).toBeLessThanOrEqual(390);
    expect(await overflowsSideways(adminPage)).toBe(false);
    await name.click();
    await adminPage.waitForURL(`**/admin/members/${company.id}`);
    await expect(adminPage.getByRole('button', { name: `Publish ${company.name}` })).toBeVisible();
    await context.close();
  });
});
