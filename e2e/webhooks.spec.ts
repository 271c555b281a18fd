import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { ADMIN, affiliateOf, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';

/**
 * The programme's ERP: a real HTTP server on 127.0.0.1 (the e2e server allows private destinations)
 * that verifies each delivery with the Standard Webhooks library, once it is told the secret.
 */
async function startReceiver() {
  const seen: { path: string; id: string; type: string; data: Record<string, unknown>; isVerified: boolean }[] = [];
  let secret = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let isVerified = false;
      let payload = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      try {
        payload = new Webhook(secret).verify(body, headers) as typeof payload;
        isVerified = true;
      } catch {
        isVerified = false;
      }
      seen.push({ path: req.url ?? '', id: headers['webhook-id'], type: payload.type, data: payload.data, isVerified });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    useSecret(value: string) {
      secret = value;
    },
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test.describe('[WEBHOOKS]', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  test.beforeAll(async () => {
    receiver = await startReceiver();
  });
  test.afterAll(async () => {
    await receiver?.close();
  });

  test('[ADMIN][WEBHOOKS] an admin adds an endpoint, sees its secret once, a sale is delivered signed, and "Send again" adds an attempt (also on a 390 px phone)', async ({
    browser,
  }) => {
    // The worker sends every 5 s: up to two turns before the delivery is in the log.
    test.slow();
    const campaign = await createCampaign(`Loja Webhook ${Date.now()}`, {
      commission_type: 'percent',
      commission_value: 1_000,
    });
    const affiliate = await createQuietAffiliate('Wanda', 'Gancho');
    const context = await browser.newContext();
    const page = await context.newPage();
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    // Errors show next to their fields before anything is sent.
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Type the address of your endpoint')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await page.screenshot({ path: '.tmp/test-results/webhooks-form-errors.png' });

    const path = `/hooks/${Date.now()}`;
    const url = `${receiver.base}${path}`;
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('ERP');
    await dialog.getByRole('checkbox', { name: 'Sale created' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, once, with a copy button.
    const secretDialog = page.getByRole('dialog', { name: 'The endpoint’s signing secret' });
    await expect(secretDialog).toBeVisible();
    await expect(secretDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    receiver.useSecret(secret);
    await page.screenshot({ path: '.tmp/test-results/webhooks-secret.png' });
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: url })).toContainText('enabled');

    // The merchant's sale arrives (here recorded by the admin through the API).
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const { id: affiliateId } = await affiliateOf(affiliate.email);
    const sale = await call<{ id: number }>('/sales', {
      token: admin,
      body: { campaign_id: campaign.id, affiliate_id: affiliateId, amount_cents: 18_990, payment_method: 'pix' },
    });
    await expect
      .poll(() => receiver.seen.filter((s) => s.path === path && s.data.id === sale.id).length, { timeout: 30_000 })
      .toBe(1);
    // Other journeys record sales meanwhile, and this endpoint hears of them too: follow this sale's.
    const [delivered] = receiver.seen.filter((s) => s.path === path && s.data.id === sale.id);
    expect(delivered).toMatchObject({ type: 'sale.created', isVerified: true });

    await page.reload();
    await page.getByRole('button', { name: `Show the log of ${url}` }).click();
    const log = page.getByRole('region', { name: /Deliveries to 127\.0\.0\.1/ });
    const row = log.getByRole('row').filter({ hasText: delivered?.id ?? 'msg_' });
    await expect(row).toContainText('Sale created');
    await expect(row).toContainText('200 · delivered');
    await expect(row).toContainText('{"received":true}');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');

    // Send again: a new attempt, the same webhook-id.
    await row.getByRole('button', { name: `Send message ${delivered?.id} again` }).click();
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');
    expect(receiver.seen.filter((s) => s.id === delivered?.id).map((s) => [s.id, s.isVerified])).toEqual([
      [delivered?.id, true],
      [delivered?.id, true],
    ]);

    // A click on the row shows every attempt: the worker's, then the manual one.
    await row.getByRole('cell').first().click();
    const history = log.getByRole('list').filter({ hasText: 'Attempt 2' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(1)).toContainText('sent again');

    await page.screenshot({ path: '.tmp/test-results/webhooks-desktop.png', fullPage: true });
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The same on a phone: rows are cards, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText(url).first()).toBeVisible();
    await expect(page.getByText('200 · delivered').first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Send message ${delivered?.id} again` })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.tmp/test-results/webhooks-phone.png', fullPage: true });
    await context.close();
  });
});
