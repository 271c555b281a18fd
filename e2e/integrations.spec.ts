import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, affiliateOf, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';
import { expectNoSideScroll } from './support/layout';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('[INTEGRATIONS] checkout connections', () => {
  test('[ADMIN][INTEGRATIONS] an admin connects Hotmart, sends a test event credited to an affiliate, sees it recorded in the log and follows it to the sale (also at 390 px)', async ({
    page,
  }) => {
    test.slow();
    const stamp = Date.now();
    const campaign = await createCampaign(`Curso Hotmart ${stamp}`, {
      commission_type: 'percent',
      commission_value: 1_000,
    });
    const affiliate = await createQuietAffiliate('Helena', `Hotmart${stamp}`);
    const { code } = await affiliateOf(affiliate.email);
    const name = `Hotmart ${stamp}`;
    await page.setViewportSize(LAPTOP);
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/integracoes');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

    // Errors show next to their fields before anything is sent.
    await page.getByRole('button', { name: 'Add connection' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a checkout connection' });
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await expect(dialog.getByText('Choose the platform you sell on')).toBeVisible();

    // Hotmart: the secret is asked for by Hotmart's own name for it.
    await dialog.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'Hotmart', exact: true }).click();
    await expect(dialog.getByLabel('Hottok')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByLabel('Hottok').fill('hottok-e2e-abc123');
    await dialog.getByRole('combobox', { name: 'Default campaign' }).click();
    await page.getByRole('option', { name: campaign.name, exact: true }).click();
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(campaign.name);
    await expect(row).toContainText('active');
    await row.getByRole('button', { name: `Open ${name}` }).click();

    // Its receive address, to copy, and Hotmart's steps in Hotmart's words.
    const panel = page.getByRole('region', { name });
    const address = panel.getByRole('textbox', { name: 'Receive address' });
    await expect(address).toHaveValue(/\/api\/v1\/integrations\/receive\/[A-Za-z0-9_-]{43}$/);
    await expect(panel.getByRole('button', { name: 'Copy the receive address' })).toBeVisible();
    const steps = panel.getByRole('list');
    await expect(steps).toContainText('Tools → Webhook');
    await expect(steps).toContainText('Register webhook');
    await expect(steps).toContainText('2.0.0');
    await expect(steps).toContainText('Authentication');
    await expect(steps).toContainText('sck');
    const log = page.getByRole('region', { name: 'Deliveries' });
    await expect(log.getByText('No delivery yet: send a test event.')).toBeVisible();

    // A test event through the real path, credited to the affiliate chosen by name or code.
    await panel.getByRole('button', { name: 'Send a test event' }).click();
    const sample = page.getByRole('dialog', { name: 'Send a test event' });
    await sample.getByRole('combobox', { name: 'Affiliate' }).fill(code);
    await page.getByRole('option', { name: new RegExp(code) }).click();
    await sample.getByRole('textbox', { name: 'Amount' }).fill('250,00');
    await sample.getByRole('button', { name: 'Send test event' }).click();
    const result = sample.getByTestId('delivery-result');
    await expect(result.getByTestId('delivery-outcome')).toHaveText('Recorded');
    const saleLink = result.getByRole('link', { name: /^Sale \d+$/ });
    const saleId = Number(((await saleLink.textContent()) ?? '').replace(/\D/g, ''));
    expect(saleId).toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath('integrations-test-event.png') });
    await sample.getByRole('button', { name: 'Done' }).click();
    await expect(sample).toBeHidden();

    // The log has it, recorded, with its body; the sale's link opens the sale.
    const delivery = log.getByRole('row').filter({ hasText: 'PURCHASE_APPROVED' });
    await expect(delivery).toHaveCount(1);
    await expect(delivery.getByTestId('delivery-outcome')).toHaveText('Recorded');
    await delivery.getByRole('cell').first().click();
    await expect(log.getByTestId('delivery-body')).toContainText('"event": "PURCHASE_APPROVED"');
    await page.screenshot({ path: test.info().outputPath('integrations-desktop.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await delivery.getByRole('link', { name: `Sale ${saleId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/vendas/detalhes/${saleId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Sale #${saleId}` })).toBeVisible();
    await expect(page.getByText(`(${code})`)).toBeVisible();
    await expect(page.getByText('R$250.00').first()).toBeVisible();
    await expect(page.getByText('Checkout integration')).toBeVisible();

    // On a phone: the connection and its log are cards, nothing wider than the screen, even opened.
    await page.setViewportSize(PHONE);
    await page.goto('/admin/integracoes');
    const card = page.getByTestId('record-card').filter({ hasText: name });
    await card.getByRole('button', { name: `Open ${name}` }).click();
    const deliveryCard = page.getByRole('region', { name: 'Deliveries' }).getByTestId('record-card');
    await expect(deliveryCard.getByTestId('delivery-outcome')).toHaveText('Recorded');
    await expectNoSideScroll(page);
    await deliveryCard.getByRole('button', { name: 'Details' }).click();
    await expect(deliveryCard.getByTestId('delivery-body')).toContainText('PURCHASE_APPROVED');
    await expectNoSideScroll(page);
    await page.screenshot({ path: test.info().outputPath('integrations-phone.png'), fullPage: true });
  });

  test('[ADMIN][INTEGRATIONS] in Portuguese at 1366 and 390 px: the connection, its steps, its log, and the campaign form’s checkout hint', async ({
    page,
  }) => {
    test.slow();
    const stamp = Date.now();
    const campaign = await createCampaign(`Curso Kiwify ${stamp}`);
    const affiliate = await createQuietAffiliate('Kiara', `Kiwify${stamp}`);
    const { code } = await affiliateOf(affiliate.email);
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const name = `Kiwify ${stamp}`;
    const connection = await call<{ id: number }>('/integrations', {
      token: admin,
      body: { platform: 'kiwify', name, secret: 'kiwify-token-e2e', campaign_id: campaign.id },
    });
    await call(`/integrations/${connection.id}/test-event`, {
      token: admin,
      body: { affiliate_code: code, amount_cents: 9_990 },
    });
    await page.addInitScript(() => localStorage.setItem('settings', JSON.stringify({ language: 'pt' })));
    await useSession(page, ADMIN.email, ADMIN.password);

    for (const size of [LAPTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/admin/integracoes');
      await expect(page.getByRole('heading', { level: 1, name: 'Integrações' })).toBeVisible();
      await page.getByRole('button', { name: `Abrir ${name}` }).click();
      const panel = page.getByRole('region', { name });
      await expect(panel.getByRole('list')).toContainText('Apps → Webhooks');
      await expect(panel.getByRole('list')).toContainText('Criar webhook');
      const log = page.getByRole('region', { name: 'Entregas' });
      await expect(log.getByTestId('delivery-outcome').first()).toHaveText('Registrada');
      await expectNoSideScroll(page);
      await page.screenshot({ path: test.info().outputPath(`integrations-pt-${size.width}.png`), fullPage: true });

      await page.getByRole('button', { name: 'Adicionar conexão' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Adicionar uma conexão de checkout' });
      await dialog.getByRole('combobox', { name: 'Plataforma' }).click();
      await page.getByRole('option', { name: 'Stripe', exact: true }).click();
      await expect(dialog.getByText('Segredo de assinatura (whsec_…)')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`integrations-pt-form-${size.width}.png`) });
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
    }

    // A campaign sold on a Hotmart checkout: the form says where the click id goes, and where to connect it.
    await page.setViewportSize(LAPTOP);
    await page.goto('/admin/campanhas/criar');
    const destination = page.getByRole('textbox', { name: 'URL de destino' });
    await destination.fill('https://pay.hotmart.com/X12345');
    const hint = page.getByTestId('checkout-hint');
    await expect(hint).toContainText('Checkout da Hotmart: cada clique envia o seu id em sck');
    await destination.fill('https://buy.stripe.com/test_abc');
    await expect(hint).toContainText('client_reference_id');
    await page.screenshot({ path: test.info().outputPath('campaign-checkout-hint-pt.png') });
    await destination.fill('https://loja.example.com/produto');
    await expect(hint).toHaveCount(0);
    await destination.fill('https://pay.kiwify.com.br/abc');
    await hint.getByRole('link', { name: 'Conecte-a em Integrações.' }).click();
    await expect(page).toHaveURL(/\/admin\/integracoes$/);
  });

  test('[ADMIN][INTEGRATIONS] a delivery waiting for its product is replayed once the product is mapped, and records the order once', async ({
    page,
  }) => {
    test.slow();
    const stamp = Date.now();
    const campaign = await createCampaign(`Loja Shopify ${stamp}`);
    const affiliate = await createQuietAffiliate('Sofia', `Shopify${stamp}`);
    const { code } = await affiliateOf(affiliate.email);
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const name = `Shopify ${stamp}`;
    // No default campaign and no product mapped: the sample's product waits for the admin.
    const connection = await call<{ id: number }>('/integrations', {
      token: admin,
      body: { platform: 'shopify', name, secret: 'shpss_e2e_secret', campaign_id: null },
    });
    const waiting = await call<{ outcome: string; external_product_id: string }>(
      `/integrations/${connection.id}/test-event`,
      { token: admin, body: { affiliate_code: code, amount_cents: 15_000 } },
    );
    expect(waiting.outcome).toBe('needs_attention');
    await page.setViewportSize(LAPTOP);
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/integracoes');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('None — unmapped products wait');
    await expect(row).toContainText('1 needs attention');
    await row.getByRole('button', { name: `Open ${name}` }).click();

    const log = page.getByRole('region', { name: 'Deliveries' });
    const delivery = log.getByRole('row').filter({ hasText: 'orders/paid' });
    await expect(delivery.getByTestId('delivery-outcome')).toHaveText('Needs attention');
    await expect(delivery).toContainText('Product not mapped to a campaign');

    // Map the product: a row left empty is refused next to its field, then the map is saved.
    const products = page.getByRole('region', { name: 'Products and campaigns' });
    await expect(products).toContainText('waits in the log');
    await products.getByRole('button', { name: 'Add product' }).click();
    await products.getByRole('button', { name: 'Save products' }).click();
    await expect(products.getByText('Choose the campaign')).toBeVisible();
    await products.getByRole('textbox', { name: 'Platform product id' }).fill(waiting.external_product_id);
    await products.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: campaign.name, exact: true }).click();
    await products.getByRole('button', { name: 'Save products' }).click();
    await expect(products.getByText('Products saved.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('integrations-products.png'), fullPage: true });

    // Replay: no affiliate to name (the event named one), and the sale is recorded.
    await delivery.getByRole('button', { name: /^Replay orders\/paid/ }).click();
    const replay = page.getByRole('dialog', { name: 'Replay the delivery' });
    await expect(replay.getByText('Map its product under Products and campaigns first')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('integrations-replay.png') });
    await replay.getByRole('button', { name: 'Replay' }).click();
    await expect(replay.getByTestId('delivery-outcome')).toHaveText('Recorded');
    await expect(replay.getByRole('link', { name: /^Sale \d+$/ })).toBeVisible();
    await replay.getByRole('button', { name: 'Done' }).click();
    await expect(delivery.getByTestId('delivery-outcome')).toHaveText('Recorded');
    await expect(delivery.getByRole('button', { name: /^Replay/ })).toHaveCount(0);
    await expect(row).not.toContainText('needs attention');
  });
});
