import { expect, test } from '@playwright/test';
import { ADMIN, affiliateOf, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';

/** Each screen says what it shows, in words meant for whoever reads it. */

type Seed = { affiliateId: number; networkId: number; saleId: number; tag: string; email: string };
let seed: Seed;

test.beforeAll(async () => {
  const tag = `${Date.now()}`.slice(-7);
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  const level = await call<{ id: number }>('/levels', {
    token: admin,
    body: { name: `Nível Rótulo ${tag}`, rank: 400 + (Number(tag) % 400), commission_bps: 800, min_sales_cents: 0 },
  });
  const network = await call<{ id: number }>('/networks', { token: admin, body: { name: `Rede Rótulo ${tag}` } });
  // Quiet accounts: no "new registration" toast lands on another journey's admin screen.
  const person = await createQuietAffiliate('Rotulo', `Palavra${tag}`);
  const { id, code } = await affiliateOf(person.email);
  await call(`/affiliates/${id}`, { method: 'PATCH', token: admin, body: { level_id: level.id } });
  await call(`/networks/${network.id}/affiliates`, { token: admin, body: { affiliate_id: id } });
  // No commission of its own: the sale earns the level's rate.
  const campaign = await createCampaign(`Rótulos ${tag}`);
  const sale = await call<{ id: number }>('/sales', {
    token: admin,
    body: {
      campaign_id: campaign.id,
      affiliate_code: code,
      amount_cents: 20_000,
      payment_method: 'pix',
      origin: 'app',
      status: 'approved',
    },
  });
  seed = { affiliateId: id, networkId: network.id, saleId: sale.id, tag, email: person.email };
});

test.describe('[WORDING] admin screens', () => {
  test.beforeEach(async ({ page }) => useSession(page, ADMIN.email, ADMIN.password));

  test('[WORDING] level and network are labelled as such, not "Name"', async ({ page }) => {
    await page.goto(`/admin/afiliado/editar/${seed.affiliateId}`);
    await expect(page.getByRole('combobox', { name: 'Level' })).toHaveValue(`Nível Rótulo ${seed.tag}`);
    await expect(page.getByRole('combobox', { name: 'Network' })).toHaveValue(`Rede Rótulo ${seed.tag}`);
    await expect(page.getByRole('combobox', { name: 'Name', exact: true })).toHaveCount(0);

    await page.goto(`/admin/rede-afiliados/detalhes/${seed.networkId}`);
    await expect(page.getByRole('columnheader', { name: 'Level' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Palavra${seed.tag}` })).toContainText(
      `Nível Rótulo ${seed.tag}`,
    );
  });

  test('[WORDING] admin screens speak to the admin, not in the affiliate’s words', async ({ page }) => {
    await page.goto('/admin/campanhas/criar');
    await expect(page.getByRole('heading', { level: 1, name: 'Create campaign' })).toBeVisible();
    await expect(page.getByText('Say what affiliates promote')).toBeVisible();
    await expect(page.getByText('Pick a campaign, share your link')).toHaveCount(0);
    await expect(page.getByText('How long after a click a sale still counts for the affiliate')).toBeVisible();
    await expect(page.getByText('counts for you')).toHaveCount(0);

    await page.goto('/campanhas');
    await expect(page.getByText('The campaigns of the programme')).toBeVisible();
    await expect(page.getByText('Pick a campaign, share your link')).toHaveCount(0);

    await page.goto('/vendas');
    await expect(page.getByText('Every sale of the programme, with its commission')).toBeVisible();
    await expect(page.getByText('credited to you')).toHaveCount(0);

    await page.goto(`/vendas/detalhes/${seed.saleId}`);
    await expect(page.getByText(`The affiliate’s level rate (Nível Rótulo ${seed.tag})`)).toBeVisible();
    await expect(page.getByText('Your level’s rate')).toHaveCount(0);
  });

  test('[WORDING] the Users status filter and the rows say the same thing', async ({ page }) => {
    // A suspended affiliate's account is still active: the row says so, and why it is held under it.
    const held = await createQuietAffiliate('Suspensa', `Filtro${seed.tag}`);
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const { id } = await affiliateOf(held.email);
    await call(`/affiliates/${id}`, { method: 'PATCH', token: admin, body: { status: 'suspended' } });
    await page.goto('/admin/usuarios');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
    await page.getByRole('textbox', { name: 'Search by name or email' }).fill(seed.tag);
    const suspended = page.getByRole('row').filter({ hasText: held.email });
    const approved = page.getByRole('row').filter({ hasText: seed.email });
    // Each fact named: the account, then the registration held back ("Active / Rejected" read as a contradiction).
    await expect(suspended).toContainText('Account active');
    await expect(suspended).toContainText('Affiliate suspended');
    await expect(approved).toContainText('Account active');
    await expect(approved).not.toContainText('Affiliate suspended');
    await expect(page.getByRole('cell', { name: 'Suspended', exact: true })).toHaveCount(0);
  });

  test('[WORDING] origins read as words', async ({ page }) => {
    await page.goto('/admin/metricas/origem-vendas');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales origin' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'App', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'app', exact: true })).toHaveCount(0);

    await page.goto(`/vendas/detalhes/${seed.saleId}`);
    await expect(page.getByText('Origin', { exact: true }).locator('..')).toContainText('App');
  });
});

test.describe('[WORDING] the public screens', () => {
  test('[WORDING] the maintenance page says the portal is open when it is', async ({ page }) => {
    await page.goto('/auth/maintenance');
    await expect(page.getByRole('heading', { level: 1, name: 'The portal is open' })).toBeVisible();
    await expect(page.getByText('under maintenance')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the portal' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('[WORDING] a reset link with a bad token says it is invalid before asking for a password', async ({ page }) => {
    await page.goto('/auth/resetar-senha/a-link-that-was-never-sent');
    await expect(page.getByRole('alert')).toHaveText(
      'This link is invalid, expired or already used. Ask for a new one.',
    );
    await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });

  test('[WORDING] an unknown path with a dot reaches the 404 page (SPEC.md §2)', async ({ page }) => {
    for (const path of ['/foo.html', '/campanhas.json']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/404$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    }
  });

  test('[WORDING] the /auth cards take the radius of the settings (12 by default)', async ({ page }) => {
    await page.goto('/auth/login');
    const card = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(card).toHaveCSS('border-radius', '12px');
  });
});
