import { expect, type Page } from '@playwright/test';

/** Nothing scrolls the page sideways (a phone's list turned into cards, a figure that wraps). */
export async function expectNoSideScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}
