import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// WCAG 2.1 A and AA, the level public institutions are held to.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on what the page shows now and fails with a readable list of what is wrong. */
export async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.map(
    (v) => `${where}: ${v.id} (${v.impact ?? 'n/a'}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}

/** Waits until the page has drawn what it loads (`ready`) and the loading overlay is gone. */
export async function settle(page: Page, ready: Locator) {
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Loading....' })).toHaveCount(0);
}

/**
 * Neither the page nor an open dialog scrolls sideways or reaches past the screen's right edge (a
 * wide table may scroll inside its own region). A fixed dialog never widens the page, so each
 * open dialog is measured on its own.
 */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).map((el) =>
      Math.max(
        el.scrollWidth - el.clientWidth,
        Math.ceil(el.getBoundingClientRect().right - window.innerWidth),
      ),
    );
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, ...dialogs);
  });
  expect(overflow, `${where} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}
