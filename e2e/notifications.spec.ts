import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { publishedMatchingCompany, publishedMatchingExpert } from './support/matching';
import { blockingViolations } from './support/wizard-a11y';

test.describe('notifications and live updates', () => {
  test('a business advisor sees an admin’s new suggestion arrive live: bell, list, dashboard card and e-mail', async ({
    page,
    admin,
    browser,
  }) => {
    test.setTimeout(180_000);
    // The company first: the advisor's approval then scores it (below the automatic threshold), and
    // nothing but the admin's suggestion pairs them.
    const companyContext = await browser.newContext();
    const company = await publishedMatchingCompany(await companyContext.newPage(), admin);
    await companyContext.close();
    const expert = await publishedMatchingExpert(page, admin);
    // The approval e-mail leaves after the approval's matching job: nothing from it is still on its way.
    const approvedMail = await waitForMail(admin, expert.email, /profile is published/i);
    expect(approvedMail.text).toContain('/dashboard');

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    const header = page.getByRole('banner');
    // The approval is a notification too; opening the centre marks everything seen.
    const bell = header.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/^Notifications \(\d+ unseen\)$/);
    await bell.click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    await expect(centre.getByText('Your profile has been approved')).toBeVisible();
    await expect(header.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(centre).toHaveCount(0);
    const recommended = page.getByRole('list', { name: 'Recommended Ventures' });
    await expect(page.getByRole('article', { name: company.name })).toHaveCount(0);

    // The page stays as it is from here on: no reload, no navigation.
    await page.evaluate(() => {
      (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
    });
    const origin = new URL(page.url()).origin;
    const created = await admin.post('/api/admin/suggestions', {
      data: { expertId: expert.id, companyId: company.id },
      headers: { origin },
    });
    expect(created.status()).toBe(201);

    // Live: the bell counts the new notification, and the dashboard shows the new card.
    await expect(header.getByRole('button', { name: 'Notifications (1 unseen)' })).toBeVisible();
    await expect(recommended.getByRole('article', { name: company.name })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
    ).toBe(true);

    await header.getByRole('button', { name: 'Notifications (1 unseen)' }).click();
    const item = centre.getByRole('link', { name: new RegExp(`New match suggestion: ${company.name}`) });
    await expect(item).toBeVisible();
    await expect(header.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(centre).toHaveCSS('opacity', '1');
    expect(await blockingViolations(page), 'the open notification centre').toEqual([]);

    // The notification leads to the company's profile over the dashboard.
    await item.click();
    await page.waitForURL(`**/dashboard/${company.id}`);
    const profile = page.getByRole('dialog', { name: company.name });
    await expect(profile.getByText(company.companyName ?? '', { exact: true }).first()).toBeVisible();
    await profile.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The notification's e-mail reached the advisor.
    const mail = await waitForMail(admin, expert.email, /new match suggestion/i);
    expect(mail.text).toContain(company.name);
    expect(mail.text).toContain('/dashboard');

    // The bell is in the narrow header too, and the centre fits the screen.
    await page.setViewportSize({ width: 360, height: 800 });
    await header.getByRole('button', { name: 'Notifications', exact: true }).click();
    await expect(item).toBeVisible();
    const box = await centre.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await expect(centre).toHaveCSS('opacity', '1');
    expect(await blockingViolations(page), 'the notification centre at 360 px').toEqual([]);
  });
});
