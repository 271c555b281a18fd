import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, affiliateOf, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';

/** The affiliate's tracker: a real HTTP server on 127.0.0.1 (the e2e server allows private destinations). */
async function startTracker() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test.describe('[POSTBACKS]', () => {
  let tracker: Awaited<ReturnType<typeof startTracker>>;
  test.beforeAll(async () => {
    tracker = await startTracker();
  });
  test.afterAll(async () => {
    await tracker?.close();
  });

  test('[AFFILIATE][POSTBACKS] an affiliate saves a postback URL, a sale is recorded, and the delivery shows in the table (also on a 390 px phone)', async ({
    browser,
  }) => {
    // The worker calls trackers every 5 s: up to two turns before the delivery is in the table.
    test.slow();
    const campaign = await createCampaign(`Loja Postback ${Date.now()}`, {
      commission_type: 'percent',
      commission_value: 1_000,
    });
    const affiliate = await createQuietAffiliate('Paula', 'Rastreio');
    const context = await browser.newContext();
    const page = await context.newPage();
    await useSession(page, affiliate.email, affiliate.password);
    await page.goto('/conta');

    const section = page.getByRole('heading', { name: 'Postback to your tracker' });
    await expect(section).toBeVisible();
    await expect(page.getByText('No postbacks sent yet.', { exact: false })).toBeVisible();

    // A wrong macro is refused next to the field, before anything is sent.
    const url = page.getByRole('textbox', { name: 'URL template' });
    await url.fill(`${tracker.base}/pb?order={order_id}`);
    await page.getByRole('button', { name: 'Save postback' }).click();
    await expect(page.getByText('{order_id} is not a macro')).toBeVisible();

    // The macros are buttons that add themselves to the URL.
    await url.fill(`${tracker.base}/pb?cid=`);
    await page.getByRole('button', { name: 'Add {click_id} to the URL' }).click();
    await url.press('End');
    await url.pressSequentially('&amount=');
    await page.getByRole('button', { name: 'Add {amount} to the URL' }).click();
    await expect(url).toHaveValue(`${tracker.base}/pb?cid={click_id}&amount={amount}`);
    await expect(page.getByRole('checkbox', { name: 'Created' })).toBeChecked();
    await page.getByRole('button', { name: 'Save postback' }).click();
    await expect(page.getByText('Your postback was saved.')).toBeVisible();

    // A test send reaches the tracker with sample values.
    await page.getByRole('button', { name: 'Send a test' }).click();
    await expect(page.getByText('Your tracker answered')).toBeVisible();
    expect(tracker.seen).toContain('/pb?cid=3f1c9a52-7d4e-4b8a-9c1e-2a6b5d8e0f11&amount=189.90');

    // The merchant's sale arrives (here recorded by the admin through the API).
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const { id: affiliateId } = await affiliateOf(affiliate.email);
    const sale = await call<{ id: number }>('/sales', {
      token: admin,
      body: { campaign_id: campaign.id, affiliate_id: affiliateId, amount_cents: 18_990, payment_method: 'pix' },
    });
    await expect.poll(() => tracker.seen.includes('/pb?cid=&amount=189.90'), { timeout: 30_000 }).toBe(true);

    await page.reload();
    const table = page.locator('table').filter({ hasText: 'Next retry' });
    const row = table.getByRole('row').filter({ hasText: `#${sale.id}` });
    await expect(row).toContainText('Created');
    await expect(row).toContainText('200 · delivered');
    await expect(row.getByRole('cell').nth(5)).toHaveText('1');

    await page.screenshot({ path: '.tmp/test-results/postbacks-desktop.png', fullPage: true });
    // The section, its form and its table pass axe's WCAG A and AA rules.
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The same on a phone: the row is a card, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText(`#${sale.id}`)).toBeVisible();
    await expect(page.getByText('200 · delivered').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByText('Deliveries', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/test-results/postbacks-phone.png', fullPage: true });
    await context.close();
  });
});
