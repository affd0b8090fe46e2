import { commonTexts, navigationTexts, outboxTexts } from '@intergen/domain';
import { overflowsSideways } from './support/connections';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { type ServerWithDeadMail, startServerWithDeadMail } from './support/outbox';
import { blockingViolations, shot } from './support/wizard-a11y';

test.describe('the admin outbox', () => {
  let server: ServerWithDeadMail;
  const stamp = Date.now();
  const retried = {
    to: `outbox-retry-${stamp}@example.com`,
    subject: `Your weekly digest ${stamp}`,
    text: 'Hello from the outbox.',
    lastError: 'SMTP 421: service not available, closing transmission channel',
  };
  const discarded = {
    to: `outbox-discard-${stamp}@example.com`,
    subject: `An e-mail nobody should get ${stamp}`,
    text: 'Never sent.',
    lastError: 'SMTP 550: mailbox unavailable',
  };

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startServerWithDeadMail([retried, discarded]);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('an admin sees dead e-mails, retries one by keyboard and sees it go out, and discards the other after confirming', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const [retryId, discardId] = server.deadRowIds as [number, number];
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    await page.goto(server.adminLink);
    await page.waitForURL('**/admin/mailbox');

    // From the admin navigation to the outbox: the mail topic's card counts the two dead rows.
    await page
      .getByRole('navigation', { name: navigationTexts.admin })
      .getByRole('link', { name: outboxTexts.navLabel })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: outboxTexts.pageTitle })).toBeVisible();
    const mailCard = page.getByRole('article', { name: 'mail.send' });
    await expect(
      mailCard.getByText(outboxTexts.counts.dead).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('2');

    // Only the dead rows, through the status filter kept in the address.
    await page.getByLabel(outboxTexts.statusFilter).selectOption('dead');
    await expect(page).toHaveURL(/status=dead/);
    const table = page.getByRole('table', { name: outboxTexts.rowsTitle });
    await expect(table.getByText(retried.lastError)).toBeVisible();
    await expect(table.getByText(discarded.lastError)).toBeVisible();
    await expect(table.getByText(outboxTexts.attemptsOf(8, 8)).first()).toBeVisible();
    await shot(page, 'admin-outbox');
    expect(await blockingViolations(page)).toEqual([]);

    // At 390 px: one card per row, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    const retryCard = page.getByRole('article', { name: outboxTexts.rowLabel(retryId, 'mail.send') });
    await expect(retryCard).toBeVisible();
    await expect.poll(() => overflowsSideways(page), { message: 'the outbox at 390 px' }).toBe(false);
    await shot(page, 'admin-outbox-390');
    expect(await blockingViolations(page)).toEqual([]);

    // Retry, by keyboard: the row leaves the dead rows and the worker sends the e-mail.
    await retryCard.getByRole('button', { name: outboxTexts.retryRow(retryId) }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(outboxTexts.retried(retryId))).toBeVisible();
    await expect(retryCard).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: outboxTexts.rowsTitle })).toBeFocused();
    const sent = await waitForMail(context.request, retried.to, new RegExp(retried.subject));
    expect(sent.text).toContain(retried.text);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Discard asks first; Cancel keeps the row, Discard puts it away.
    const discardButton = page.getByRole('button', { name: outboxTexts.discardRow(discardId) });
    await discardButton.click();
    const dialog = page.getByRole('dialog', { name: outboxTexts.discardTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: commonTexts.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(discardButton).toBeVisible();
    await discardButton.click();
    await page
      .getByRole('dialog', { name: outboxTexts.discardTitle })
      .getByRole('button', { name: outboxTexts.discard })
      .click();
    await expect(page.getByText(outboxTexts.discarded(discardId))).toBeVisible();
    await expect(page.getByText(outboxTexts.rowsEmpty)).toBeVisible();
    await expect(
      mailCard.getByText(outboxTexts.counts.dead).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('0');
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });
});
