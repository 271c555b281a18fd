import { expect, test } from '@playwright/test';
import { ADMIN, useSession } from './support/api';

test.describe('[LOADING]', () => {
  test('[SHELL] a signed-in page fetches each script and stylesheet once, and no preload goes unused', async ({
    page,
  }) => {
    const fetched = new Map<string, number>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/assets/')) fetched.set(path, (fetched.get(path) ?? 0) + 1);
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Chromium says a preload went unused a few seconds after the load event.
    await page.waitForTimeout(3_500);
    expect([...fetched].filter(([, times]) => times > 1)).toEqual([]);
    expect([...fetched.keys()].some((path) => path.endsWith('.css'))).toBe(true);
    expect(warnings).toEqual([]);
  });
});
