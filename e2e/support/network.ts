import type { Page } from '@playwright/test';

/**
 * Holds every request matching `pattern` until the returned function is called, to see what a page
 * shows while that code or answer is still on its way.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
