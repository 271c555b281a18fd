import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminGet, createPendingAffiliate, signInThroughForm } from './support/api';
import { framesAbout, watchLogStream } from './support/log-stream';

type LogEntry = { user: Record<string, string>; notification: Record<string, unknown> };

/** Signs the shared admin in and waits until this page's notification stream is open (shell.spec.ts). */
async function signInAsAdmin(page: Page) {
  const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/v1/notifications/stream'));
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect((await streamOpen).status()).toBe(200);
}

test.describe('[SHELL][NOTIFICATIONS] the log write stream of SPEC.md §9', () => {
  test('[SHELL] a shown notification’s log and event travel on one WebSocket, confirmed, and the log is stored', async ({
    page,
  }) => {
    // The page's clock is ours to move: the stream's idle minute passes in a moment.
    await page.clock.install();
    const watch = watchLogStream(page);
    await signInAsAdmin(page);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));

    const first = await createPendingAffiliate('Fluxo', `Escrita${Date.now()}`);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: first.last })).toBeVisible();
    await expect.poll(() => framesAbout(watch, first.last).eventAnswer?.status).toBe(201);
    const { log, event, logAnswer, logNotificationId } = framesAbout(watch, first.last);
    expect(logAnswer?.status).toBe(201);
    // Both writes rode one stream, each with the token of the person it was shown to, none in the URL.
    expect(log?.socket).toBe(event?.socket);
    expect([log?.token, event?.token]).toEqual([token, token]);
    expect(watch.sockets[log?.socket ?? 0]?.url()).toMatch(/^ws:\/\/[^?]+\/api\/v1\/logs\/stream$/);
    expect(event?.body).toMatchObject({ name: 'notification_activated' });
    // What the stream confirmed is in the admin's log.
    const stored = await adminGet<{ items: LogEntry[] }>(`/logs?q=${encodeURIComponent(first.last)}`);
    expect(stored.items.map((entry) => entry.notification.id)).toContain(logNotificationId);

    // A minute without a write closes the stream; the next notification opens another. (Other
    // journeys' registrations notify this admin too, and each write restarts the minute.)
    const used = log?.socket ?? 0;
    expect(watch.closed.has(used)).toBe(false);
    await expect
      .poll(async () => {
        await page.clock.fastForward('01:01');
        return watch.closed.has(used);
      })
      .toBe(true);
    const second = await createPendingAffiliate('Fluxo', `Reaberto${Date.now()}`);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: second.last })).toBeVisible();
    await expect.poll(() => framesAbout(watch, second.last).logAnswer?.status).toBe(201);
    expect(framesAbout(watch, second.last).log?.socket).toBeGreaterThan(used);
  });
});
