import { expect, test } from '@playwright/test';
import {
  ADMIN,
  affiliateOf,
  apiSignIn,
  call,
  createApprovedAffiliate,
  createCampaign,
  signInThroughForm,
  useSession,
} from './support/api';

test.describe('[ADMIN][NETWORKS]', () => {
  test('[ADMIN][NETWORKS] an admin creates a network, adds an affiliate, and moves another in after confirming', async ({
    page,
    browser,
  }) => {
    // Two people's sessions, four dialogs and a second sign-in: ~27 s when the machine is idle.
    test.slow();
    const tag = `${Date.now()}`.slice(-7);
    const joana = await createApprovedAffiliate('Rede', `Joana${tag}`);
    await createApprovedAffiliate('Rede', `Pedro${tag}`);
    await useSession(page, ADMIN.email, ADMIN.password);

    // The page's actions sit where the shared admin's toasts (other journeys' registrations) come in:
    // they are taken by keyboard, which no toast lies over.
    for (const name of [`Rede Leste ${tag}`, `Rede Oeste ${tag}`]) {
      await page.goto('/admin/rede-afiliados');
      await page.getByRole('link', { name: 'Create network' }).press('Enter');
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('button', { name: 'Create network' }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    }
    // Now on Rede Oeste: add Pedro.
    await page.getByRole('link', { name: 'Add affiliates' }).press('Enter');
    await page.getByLabel('Find affiliates').fill(`Pedro${tag}`);
    await page.getByRole('button', { name: `Add Rede Pedro${tag}` }).click();
    await expect(page.getByRole('status')).toContainText(`Rede Pedro${tag} is now in Rede Oeste ${tag}.`);

    // Rede Leste: add Joana, then Pedro, who must be moved from Rede Oeste.
    await page.goto('/admin/rede-afiliados');
    await page.getByRole('link', { name: `Rede Leste ${tag}`, exact: true }).click();
    await page.getByRole('link', { name: 'Add affiliates' }).press('Enter');
    await page.getByLabel('Find affiliates').fill(tag);
    await page.getByRole('button', { name: `Add Rede Joana${tag}` }).click();
    await expect(page.getByRole('status')).toContainText(`Rede Joana${tag} is now in Rede Leste ${tag}.`);
    await page.getByRole('button', { name: `Add Rede Pedro${tag}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Move affiliate' });
    await expect(dialog).toContainText(`belongs to “Rede Oeste ${tag}”`);
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByRole('status')).toContainText(`Rede Pedro${tag} is now in Rede Leste ${tag}.`);

    await page.goto('/admin/rede-afiliados');
    await expect(page.getByRole('row').filter({ hasText: `Rede Leste ${tag}` })).toContainText('2');
    await expect(page.getByRole('row').filter({ hasText: `Rede Oeste ${tag}` })).toContainText('0');

    // The affiliate's user state now names the network.
    const affiliatePage = await (await browser.newContext()).newPage();
    await signInThroughForm(affiliatePage, joana.email, joana.password);
    await expect(affiliatePage.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const idRede = await affiliatePage.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id_rede);
    expect(idRede).toMatch(/^\d+$/);
  });
});

test("[ADMIN][NETWORKS] a network's sales: totals on the list and its own sales screen", async ({ page }) => {
  const tag = `${Date.now()}`.slice(-7);
  const token = await apiSignIn(ADMIN.email, ADMIN.password);
  const network = await call<{ id: number }>('/networks', { token, body: { name: `Rede Vendas ${tag}` } });
  const member = await createApprovedAffiliate('Membro', `Vendas${tag}`);
  const { id, code } = await affiliateOf(member.email);
  await call(`/networks/${network.id}/affiliates`, { token, body: { affiliate_id: id } });
  const campaign = await createCampaign(`Rede campanha ${tag}`, {
    commission_type: 'percent',
    commission_value: 1_000,
  });
  await call('/sales', {
    token,
    body: {
      campaign_id: campaign.id,
      affiliate_code: code,
      amount_cents: 25_000,
      payment_method: 'boleto',
      status: 'approved',
    },
  });
  // A cancelled sale too: counted the same way on the list and on the network's sales screen.
  const cancelled = await call<{ id: number }>('/sales', {
    token,
    body: { campaign_id: campaign.id, affiliate_code: code, amount_cents: 9_000, payment_method: 'pix' },
  });
  await call(`/sales/${cancelled.id}/cancel`, { method: 'POST', token });

  await useSession(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/rede-afiliados');
  await expect(page.getByText('Sales is every sale of theirs, whatever its status')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Rede Vendas ${tag}` })).toContainText('R$250.00');
  // The count opens what it counts.
  await page.getByRole('link', { name: `2 sales of Rede Vendas ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sales of Rede Vendas ${tag}` })).toBeVisible();
  await expect(page.getByTestId('sales-total-count')).toHaveText('2');
  await page.goto(`/admin/rede-afiliados/detalhes/${network.id}`);
  await expect(page.getByRole('row').filter({ hasText: `Vendas${tag}` })).toContainText('R$25.00');
  await page.getByRole('main').getByRole('link', { name: 'Sales', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sales of Rede Vendas ${tag}` })).toBeVisible();
  await expect(page.getByTestId('sales-total-count')).toHaveText('2');
  await expect(page.getByRole('row').filter({ hasText: campaign.name }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Approved' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Cancelled' })).toHaveCount(1);
});
