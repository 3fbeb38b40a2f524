import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
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

/**
 * Fails when the page itself scrolls sideways (WCAG 1.4.10 reflow): wide tables scroll inside their
 * own region instead, so the page is never wider than the window.
 */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.content, `${where} is wider than the window`).toBeLessThanOrEqual(widths.window);
}
