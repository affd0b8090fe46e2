import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The two widths every member page is checked at: a desktop, and a phone (an iPhone's 390 px). */
export const checkedWidths = [1280, 390] as const;

/** The serious and critical WCAG 2.x A/AA violations on the page as it is now. */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const kept = [];
  for (const v of serious) {
    const nodes = v.id === 'target-size' ? await reachableTargets(page, v.nodes) : v.nodes;
    if (nodes.length > 0) kept.push({ ...v, nodes });
  }
  return kept.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''} — ${n.html.slice(0, 200)}`).join(', ')})`,
  );
}

/**
 * The targets of a target-size finding that a pointer can reach now: the element itself is what a tap at its
 * centre hits. Axe measures the space around a target from every target's box, also one scrolled under the sticky
 * header or covered by a dialog's overlay, which nobody can tap (so the finding depends on where the page was
 * scrolled to when a dialog opened).
 */
async function reachableTargets<N extends { target: unknown[] }>(page: Page, nodes: N[]): Promise<N[]> {
  const reachable = await page.evaluate(
    (selectors) =>
      selectors.map((selector) => {
        const element = document.querySelector(selector);
        if (!element) return true;
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && (hit === element || element.contains(hit));
      }),
    nodes.map((n) => String(n.target[0])),
  );
  return nodes.filter((_, i) => reachable[i]);
}

/** The violations once `dialog` has faded in (mid-fade its text has too little contrast). */
export async function dialogViolations(page: Page, dialog: Locator): Promise<string[]> {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return blockingViolations(page);
}

/**
 * Opens a dialog from the keyboard (Enter on `opener`): the focus moves into the dialog, Escape closes it, and the
 * focus is back on the opener (WCAG 2.4.3), so that a keyboard user goes on from where they were.
 */
export async function expectKeyboardDialog(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), {
      message: 'the focus is inside the dialog',
    })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

/** A full-page screenshot into WIZARD_SHOTS_DIR, when it is set (for looking at the layout by eye). */
export async function shot(page: Page, name: string) {
  const dir = process.env.WIZARD_SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
