import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  affiliateOf,
  apiSignIn,
  call,
  createApprovedAffiliate,
  createCampaign,
  useSession,
} from './support/api';
import { E2E_BASE_URL } from './support/constants';

test.describe('[SALES]', () => {
  test('[AFFILIATE][ADMIN][SALES] a link followed in the browser, a signed postback, and the sale with its commission on both sides', async ({
    browser,
  }) => {
    // Two people's sessions, a redirect, a postback and an approval: 31–37 s on a busy two-core runner.
    test.slow();
    const campaign = await createCampaign(`Loja E2E ${Date.now()}`, {
      commission_type: 'percent',
      commission_value: 1_000,
    });
    const affiliate = await createApprovedAffiliate('Venda', 'Rastreada');

    // The admin creates a signed key on the integration tab; it is shown once.
    const adminPage = await (await browser.newContext()).newPage();
    await useSession(adminPage, ADMIN.email, ADMIN.password);
    await adminPage.goto('/admin/vendas/criar?aba=keys');
    await adminPage.getByRole('textbox', { name: 'Name', exact: true }).fill(`Loja ${Date.now()}`);
    await adminPage.getByRole('button', { name: 'Create key' }).click();
    const dialog = adminPage.getByRole('dialog', { name: /Copy it now/ });
    const key = (await dialog.getByTestId('API key').textContent()) ?? '';
    const secret = (await dialog.getByTestId('Signing secret').textContent()) ?? '';
    expect(key).toMatch(/^afk_/);
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'I copied them' }).click();
    await expect(adminPage.getByText(key)).toHaveCount(0);

    // The affiliate makes a link and a buyer follows it to the merchant's checkout.
    const page = await (await browser.newContext()).newPage();
    await useSession(page, affiliate.email, affiliate.password);
    await page.goto(`/gerador-links?campanha=${campaign.id}`);
    await page.getByRole('button', { name: 'Generate link' }).click();
    const link = await page.getByTestId('tracking-link').inputValue();
    await page.goto(link);
    await expect(page).toHaveURL(/merchant\.e2e\.test:\d+\/checkout\?/);
    const landing = new URL(page.url());
    expect(landing.searchParams.get('sku')).toBe('42');
    const clickId = landing.searchParams.get('click_id') ?? '';
    expect(clickId).toMatch(/^[0-9a-f-]{36}$/);

    // The merchant's server reports the order.
    const orderId = `E2E-${Date.now()}`;
    const raw = JSON.stringify({
      campaign_id: campaign.id,
      external_id: orderId,
      amount_cents: 19_990,
      payment_method: 'pix',
      click_id: clickId,
    });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
    const postback = await fetch(`${E2E_BASE_URL}/api/v1/postback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'x-signature': signature },
      body: raw,
    });
    expect(postback.status).toBe(201);
    const sale = (await postback.json()) as { id: number };

    // The affiliate sees it, with its commission and why.
    await page.goto('/vendas');
    const row = page.getByRole('row').filter({ hasText: campaign.name });
    await expect(row).toContainText('R$199.90');
    await expect(row).toContainText('R$19.99');
    await expect(row).toContainText('Pending');
    await row.getByRole('link', { name: `Open sale ${sale.id}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sale #${sale.id}` })).toBeVisible();
    await expect(page.getByTestId('sale-commission')).toHaveText('R$19.99');
    await expect(page.getByText('Click on the tracking link')).toBeVisible();
    await expect(page.getByText('Sale recorded')).toBeVisible();
    await expect(page.getByRole('row', { name: /Rule Campaign percentage/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Rate 10%/ })).toBeVisible();

    // The admin finds it by its order id and approves it from the overview.
    await adminPage.goto('/admin/vendas/visao-geral');
    await adminPage.getByRole('textbox', { name: /Search order/ }).fill(orderId);
    const adminRow = adminPage.getByRole('row').filter({ hasText: campaign.name });
    await expect(adminRow).toHaveCount(1);
    await adminRow.getByRole('checkbox').check();
    await adminPage.getByRole('button', { name: 'Approve', exact: true }).click();
    // One sale, said in the singular (plural rules, not "sale(s)").
    await adminPage.getByRole('dialog', { name: 'Approve 1 sale?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(adminPage.getByText('Done: 1. Not possible (already decided): 0.')).toBeVisible();
    await expect(adminRow).toContainText('Approved');

    // ...and the commission is in the affiliate's balance history of that sale.
    await page.reload();
    await expect(page.getByText('Commission added to the balance')).toBeVisible();
    await expect(page.getByText('+R$19.99')).toBeVisible();

    // An order the merchant reports already approved (credited by the affiliate's code): its story says
    // who approved it, not "after the hold period".
    const { code } = await affiliateOf(affiliate.email);
    const approvedRaw = JSON.stringify({
      campaign_id: campaign.id,
      external_id: `${orderId}-B`,
      amount_cents: 9_990,
      payment_method: 'pix',
      affiliate_code: code,
      status: 'approved',
    });
    const t2 = Math.floor(Date.now() / 1000);
    const approvedPostback = await fetch(`${E2E_BASE_URL}/api/v1/postback`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': key,
        'x-signature': `t=${t2},v1=${createHmac('sha256', secret).update(`${t2}.${approvedRaw}`).digest('hex')}`,
      },
      body: approvedRaw,
    });
    expect(approvedPostback.status).toBe(201);
    const approvedSale = (await approvedPostback.json()) as { id: number };
    await page.goto('/vendas');
    await page.getByRole('link', { name: `Open sale ${approvedSale.id}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sale #${approvedSale.id}` })).toBeVisible();
    await expect(page.getByText('as reported by the merchant’s system')).toBeVisible();
    await expect(page.getByText('automatically, after the hold period')).toHaveCount(0);
  });

  test('[ADMIN][SALES][FRAUD] approving a sale the fraud rules held back says why it was held', async ({ page }) => {
    const campaign = await createCampaign(`Loja Retida ${Date.now()}`, {
      commission_type: 'percent',
      commission_value: 1_000,
    });
    const affiliate = await createApprovedAffiliate('Compra', 'Própria');
    const { code } = await affiliateOf(affiliate.email);
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    // Bought with the affiliate's own email: the self-referral rule holds it for an admin.
    const sale = await call<{ id: number; flags: string[] }>('/sales', {
      token: admin,
      body: {
        campaign_id: campaign.id,
        affiliate_code: code,
        amount_cents: 10_000,
        payment_method: 'pix',
        origin: 'app',
        customer_email: affiliate.email,
      },
    });
    expect(sale.flags).toContain('self_referral');
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto(`/vendas/detalhes/${sale.id}`);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 1 sale?' });
    await expect(dialog.getByText(`Sale #${sale.id} was held back by the fraud rules:`)).toBeVisible();
    await expect(dialog).toContainText("Self-referral: The buyer's email is the affiliate's own.");
  });

  test('[ADMIN][SALES] an admin records a sale by hand and imports a CSV with a per-row report', async ({ page }) => {
    const campaign = await createCampaign(`Importação ${Date.now()}`, {
      commission_type: 'fixed',
      commission_value: 1_500,
    });
    const affiliate = await createApprovedAffiliate('Importada', 'Silva');
    const { code } = await affiliateOf(affiliate.email);
    await useSession(page, ADMIN.email, ADMIN.password);

    await page.goto('/admin/vendas/criar');
    await page.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: new RegExp(campaign.name) }).click();
    await page.getByRole('textbox', { name: 'Affiliate code', exact: true }).fill(code);
    await page.getByRole('textbox', { name: 'Amount' }).fill('120.00');
    const orderId = `MANUAL-${Date.now()}`;
    await page.getByRole('textbox', { name: 'Order id' }).fill(orderId);
    await page.getByRole('button', { name: 'Record sale' }).click();
    await expect(page.getByText(/Sale #\d+ recorded for Importada Silva: commission R\$15\.00/)).toBeVisible();
    // The same order again is recognised, not recorded twice.
    await page.getByRole('textbox', { name: 'Affiliate code', exact: true }).fill(code);
    await page.getByRole('textbox', { name: 'Amount' }).fill('120.00');
    await page.getByRole('textbox', { name: 'Order id' }).fill(orderId);
    await page.getByRole('button', { name: 'Record sale' }).click();
    await expect(page.getByText(/This order was already recorded as sale #\d+/)).toBeVisible();

    await page.getByRole('tab', { name: 'Import CSV' }).click();
    const csv = [
      'campaign_id;external_id;amount;payment_method;affiliate_code',
      `${campaign.id};CSV-${Date.now()}-1;"1.234,56";pix;${code}`,
      `${campaign.id};${orderId};120,00;pix;${code}`,
      `${campaign.id};CSV-${Date.now()}-3;abc;pix;${code}`,
    ].join('\n');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'vendas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect(page.getByText('3 of 3 rows')).toBeVisible();
    await expect(page.getByTestId('import-summary')).toHaveText('Created: 1 · Already recorded: 1 · Refused: 1.');
    await page.getByRole('checkbox', { name: 'Show refused rows only' }).check();
    const refused = page.getByRole('row').filter({ hasText: 'Refused' });
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText('4');
    await expect(refused).toContainText('amount');

    // The overview, filtered to this affiliate, adds up the two sales just recorded.
    await page.goto('/admin/vendas/visao-geral');
    await page.getByRole('combobox', { name: 'Affiliate' }).fill(code);
    await page.getByRole('option', { name: `Importada Silva (${code})` }).click();
    await expect(page.getByTestId('sales-total-count')).toHaveText('2');
    await expect(page.getByTestId('sales-total-amount')).toHaveText('R$1,354.56');
  });
});
