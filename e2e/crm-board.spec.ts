import { crmTexts, dealStages } from '@intergen/domain';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { type FreshServer, startCrmServer } from './support/fresh-server';
import type { SeedContact, SeedDeal } from './support/seed-crm-deals';

/** The board's column of a stage. */
const column = (page: Page, stage: string): Locator => page.getByRole('region', { name: stage });

/** Drags `card` onto `target` with the mouse, in small steps as a hand would (past the drag's first pixels). */
async function drag(page: Page, card: Locator, target: Locator) {
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 20 });
  await page.mouse.up();
}

/**
 * An admin moves deals of the built-in CRM on its board: by dragging a card to another column with the mouse,
 * and with the keyboard through the deal's Move to stage. Both moves are the server's after a reload.
 */
test.describe('moving deals on the CRM board', () => {
  let server: FreshServer;
  const contacts: SeedContact[] = [
    { id: 'ada', kind: 'expert', name: 'Ada Dragger', email: 'ada.dragger@example.com' },
    {
      id: 'ven',
      kind: 'company',
      name: 'Victor Owner',
      email: 'victor@example.com',
      companyName: 'Quasar Robotics',
    },
    { id: 'bob', kind: 'expert', name: 'Bob Typist', email: 'bob.typist@example.com' },
    { id: 'cat', kind: 'expert', name: 'Cat Quitter', email: 'cat.quitter@example.com' },
    {
      id: 'kim',
      kind: 'company',
      name: 'Kim Founder',
      email: 'kim@example.com',
      companyName: 'Nimbus Farms',
    },
  ];
  const deals: SeedDeal[] = [
    { id: 'drag-me', first: 'ada', second: 'ven', stage: dealStages.pending, updatedAt: Date.now() },
    { id: 'type-me', first: 'bob', second: 'kim', stage: dealStages.pending, updatedAt: Date.now() },
    { id: 'lose-me', first: 'cat', second: 'kim', stage: dealStages.pending, updatedAt: Date.now() },
  ];
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startCrmServer('crm-board-moves', { contacts, deals });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('an admin drags a deal to another stage, and moves one with the keyboard', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(server.adminLink);
    await page.waitForURL('**/admin/mailbox');
    await page.goto('/admin/crm');
    const adaCard = (stage: string) => column(page, stage).getByRole('button', { name: /^Ada Dragger/ });
    const bobCard = (stage: string) => column(page, stage).getByRole('button', { name: /^Bob Typist/ });
    await expect(adaCard(dealStages.pending)).toBeVisible();
    await expect(column(page, dealStages.pending).getByText(crmTexts.daysInStage(0)).first()).toBeVisible();

    // The mouse drags Ada's card onto Connection Complete.
    await drag(page, adaCard(dealStages.pending), column(page, dealStages.complete));
    await expect(adaCard(dealStages.complete)).toBeVisible();
    await expect(adaCard(dealStages.pending)).toHaveCount(0);
    await expect(page.getByText(crmTexts.moved(dealStages.complete))).toBeVisible();

    // The keyboard: open Bob's deal, choose Connection Closed in Move to stage, and move it.
    await bobCard(dealStages.pending).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: crmTexts.dealTitle('Bob Typist', 'Nimbus Farms') });
    await expect(dialog).toBeVisible();
    const stage = dialog.getByLabel(crmTexts.moveToStage);
    await stage.focus();
    await stage.selectOption(dealStages.closed);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: crmTexts.moveSubmit })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(crmTexts.moved(dealStages.closed))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bobCard(dealStages.closed)).toBeVisible();

    // Dropped on the lost stage, a card asks for its lost reason first: the deal opens with that stage chosen.
    const catCard = (stage: string) => column(page, stage).getByRole('button', { name: /^Cat Quitter/ });
    await drag(page, catCard(dealStages.pending), column(page, dealStages.abandoned));
    const lost = page.getByRole('dialog', { name: crmTexts.dealTitle('Cat Quitter', 'Nimbus Farms') });
    await expect(lost.getByLabel(crmTexts.moveToStage)).toHaveValue(dealStages.abandoned);
    await expect(catCard(dealStages.pending)).toBeVisible();
    await lost.getByLabel(crmTexts.moveLostReason).selectOption('venture_declined_request_from_expert');
    await lost.getByRole('button', { name: crmTexts.moveSubmit }).click();
    await expect(page.getByText(crmTexts.moved(dealStages.abandoned))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(column(page, dealStages.abandoned)).toContainText('Venture declined request from expert');

    // Both moves are the server's: they hold after a reload.
    await page.reload();
    await expect(adaCard(dealStages.complete)).toBeVisible();
    await expect(bobCard(dealStages.closed)).toBeVisible();
    await expect(catCard(dealStages.abandoned)).toBeVisible();
    await expect(column(page, dealStages.pending).getByText(crmTexts.noDeals)).toBeVisible();

    // At 390 px the deal's Move to stage fits the screen and moves it back.
    await page.setViewportSize({ width: 390, height: 800 });
    await adaCard(dealStages.complete).click();
    const small = page.getByRole('dialog', { name: crmTexts.dealTitle('Ada Dragger', 'Quasar Robotics') });
    const control = small.getByLabel(crmTexts.moveToStage);
    await control.selectOption(dealStages.pending);
    const submit = small.getByRole('button', { name: crmTexts.moveSubmit });
    for (const box of [await control.boundingBox(), await submit.boundingBox()])
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await submit.click();
    await expect(page.getByText(crmTexts.moved(dealStages.pending))).toBeVisible();
    await context.close();
  });
});
