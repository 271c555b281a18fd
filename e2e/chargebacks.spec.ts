import { mkdirSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, affiliateOf, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';

// Issue 17, point 2 on the screens: chargebacks decided by an admin, reported per affiliate by the
// fraud rules, and counted apart from refunds in the metrics.

const PHONE = { width: 390, height: 844 };
// Each journey seeds its own programme and opens a few heavy screens (charts, the rich-text editor)
// while the other worker and the server share two cores: a first paint may take longer than 20 s.
const expect = baseExpect.configure({ timeout: 40_000 });
const SHOTS = '.tmp/screens';

/** A picture of the screen to look at; the seed's live toasts are hidden, they would cover a phone's screen. */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** An affiliate with approved sales of R$ 50,00 commission each on a campaign of their own. */
async function seedAffiliateWithSales(tag: string, count: number) {
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  const campaign = await createCampaign(`Contestada ${tag}`, { commission_type: 'fixed', commission_value: 5_000 });
  const affiliate = await createQuietAffiliate('Contestado', `Cartao${tag}`);
  const { code } = await affiliateOf(affiliate.email);
  const sales: number[] = [];
  for (let i = 0; i < count; i++) {
    const sale = await call<{ id: number }>('/sales', {
      token: admin,
      body: {
        campaign_id: campaign.id,
        affiliate_code: code,
        amount_cents: 20_000,
        payment_method: 'credit_card',
        external_id: `CB-${tag}-${i}`,
        status: 'approved',
      },
    });
    sales.push(sale.id);
  }
  return { admin, campaign, affiliate, code, sales };
}

test.describe('[CHARGEBACKS]', () => {
  test.describe.configure({ timeout: 150_000 });
  test('[ADMIN][SALES] an admin charges back an approved sale already paid out, and the affiliate’s balance goes negative', async ({
    page,
    browser,
  }) => {
    const tag = `${Date.now()}`;
    const { admin, affiliate, sales } = await seedAffiliateWithSales(tag, 1);
    const saleId = sales[0] as number;
    // The affiliate redeems the R$ 50,00 and is paid.
    const mine = await apiSignIn(affiliate.email, affiliate.password);
    await call('/me', { method: 'PATCH', token: mine, body: { pix_key: { type: 'email', key: affiliate.email } } });
    const redemption = await call<{ id: number }>('/redemptions', {
      token: mine,
      body: { amount_cents: 5_000, method: 'pix' },
    });
    await call(`/redemptions/${redemption.id}/approve`, { method: 'POST', token: admin });
    await call(`/redemptions/${redemption.id}/pay`, { token: admin, body: { reference: `PIX-${tag}` } });

    // The card issuer takes the money back: the admin records it on the sale, with a note.
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto(`/vendas/detalhes/${saleId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Sale #${saleId}` })).toBeVisible();
    await page.getByRole('button', { name: 'Chargeback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Charge back 1 sale?' });
    await expect(dialog).toContainText('even if already redeemed');
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Contestação 4837 da operadora');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`Sale ${saleId}: Chargeback.`)).toBeVisible();
    // Its own status, apart from a refund, and its story.
    await expect(page.getByText('Chargeback', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Refunded', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Charged back by the card issuer')).toBeVisible();
    await expect(page.getByText('“Contestação 4837 da operadora”')).toBeVisible();
    await expect(page.getByText('Commission taken back (chargeback)')).toBeVisible();
    await expect(page.getByText('-R$50.00')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Chargeback' })).toHaveCount(0);
    await shot(page, 'sale-chargeback-admin');

    // The affiliate owes it: the balance is below zero.
    const affiliatePage = await (await browser.newContext()).newPage();
    await useSession(affiliatePage, affiliate.email, affiliate.password);
    await affiliatePage.goto('/resgates');
    await expect(affiliatePage.getByTestId('balance-available')).toHaveText('-R$50.00');
    await affiliatePage.goto('/vendas');
    await expect(affiliatePage.getByRole('row').filter({ hasText: 'Chargeback' })).toHaveCount(1);
  });

  test('[ADMIN][SALES] chargebacks in bulk from the overview, and a CSV row that charges an order back', async ({
    page,
  }) => {
    const tag = `${Date.now()}`;
    const { campaign, affiliate, sales } = await seedAffiliateWithSales(tag, 3);
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/vendas/visao-geral');
    await page.getByRole('textbox', { name: /Search order/ }).fill(`CB-${tag}-`);
    await expect(page.getByRole('row').filter({ hasText: campaign.name })).toHaveCount(3);
    for (const id of sales.slice(0, 2)) await page.getByRole('checkbox', { name: `Select sale ${id}` }).check();
    await page.getByRole('button', { name: 'Chargeback', exact: true }).click();
    await page.getByRole('dialog', { name: 'Charge back 2 sales?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Done: 2. Not possible (already decided): 0.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Chargeback' })).toHaveCount(2);

    // The merchant's file reports the third order charged back: one row, campaign and order id.
    await page.goto('/admin/vendas/criar?aba=import');
    await expect(page.getByText('A row with status “chargeback” charges back the order')).toBeVisible();
    const csv = ['campaign_id;external_id;status', `${campaign.id};CB-${tag}-2;chargeback`].join('\n');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'contestacoes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(page.getByTestId('import-summary')).toHaveText(
      'Created: 0 · Already recorded: 0 · Charged back: 1 · Refused: 0.',
    );
    await expect(page.getByRole('row').filter({ hasText: `Charged back #${sales[2]}` })).toBeVisible();
    const mine = await apiSignIn(affiliate.email, affiliate.password);
    const own = await call<{ items: { status: string }[] }>('/sales', { token: mine });
    expect(own.items.map((s) => s.status)).toEqual(['chargeback', 'chargeback', 'chargeback']);
  });

  test('[ADMIN][FRAUD] the fraud screen reports each affiliate’s chargeback rate and marks who the rule holds; on a phone too', async ({
    page,
  }) => {
    const tag = `${Date.now()}`;
    const { admin, affiliate, code, sales } = await seedAffiliateWithSales(tag, 4);
    await call(`/sales/${sales[0]}/chargeback`, { token: admin, body: {} });
    const rules = await call<Record<string, unknown>>('/fraud-rules', { token: admin });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/regras-antifraude');
    const report = page.getByRole('heading', { level: 2, name: 'Chargeback rate per affiliate' });
    await expect(report).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: code });
    // One of four paid sales: 25.00%, over the 1% limit, but with fewer than the 20 sales the rule waits for.
    await expect(row).toContainText(`${affiliate.first} ${affiliate.last}`);
    await expect(row).toContainText('25.00%');
    await expect(row).toContainText('Within the limit');
    try {
      // The admin lowers the rule's minimum to 4 paid sales: the affiliate is marked.
      const rule = page.getByRole('switch', { name: 'High chargeback rate' });
      await expect(rule).toBeChecked();
      await page.getByRole('textbox', { name: 'From paid sales' }).fill('4');
      await expect(page.getByRole('textbox', { name: 'Chargebacks (%)' })).toHaveValue('1');
      await page.getByRole('button', { name: 'Save rules' }).click();
      await expect(page.getByText('Fraud rules saved.')).toBeVisible();
      await expect(row).toContainText('Over the limit');
      await shot(page, 'fraud-chargeback-rates-desktop');
      await page.setViewportSize(PHONE);
      const card = page.getByTestId('record-card').filter({ hasText: code });
      await expect(card).toContainText('Over the limit');
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'fraud-chargeback-rates-phone');
    } finally {
      await call('/fraud-rules', { method: 'PUT', token: admin, body: rules });
    }
  });

  test('[ADMIN][METRICS] chargebacks have their own status and rate, and revenue splits into new and recurring', async ({
    page,
  }) => {
    const tag = `${Date.now()}`;
    const { admin, sales } = await seedAffiliateWithSales(tag, 2);
    await call(`/sales/${sales[0]}/chargeback`, { token: admin, body: {} });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/metricas/vendas');
    await expect(page.getByRole('heading', { level: 2, name: 'New and recurring revenue (approved)' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'New (first charges and one-off sales)' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Chargeback', exact: true })).toBeVisible();
    await shot(page, 'metrics-sales-desktop');
    await page.goto('/admin/indicadores');
    await expect(page.getByText('Chargeback rate', { exact: true })).toBeVisible();
    await expect(page.getByTestId('indicator-chargeback_rate_bps')).not.toHaveText('—');
    await shot(page, 'metrics-indicators-desktop');
  });
});
