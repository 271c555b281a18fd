import { expect, test } from '@playwright/test';
import { ADMIN, createApprovedAffiliate, signInThroughForm, useSession } from './support/api';

test.describe('[CAMPAIGNS]', () => {
  test('[ADMIN][CAMPAIGNS] an admin creates a campaign and an affiliate finds it and opens its details', async ({
    page,
    browser,
  }) => {
    const name = `Curso de Fotografia ${Date.now()}`;
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/campanhas/criar');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Destination URL' }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page.getByText('Enter an http or https address')).toBeVisible();

    await page
      .getByRole('textbox', { name: 'Destination URL' })
      .fill('https://fotos.example.com.br/curso?origem=afiliados');
    await page.locator('.ProseMirror').fill('Aprenda a fotografar com o celular.');
    await page.getByRole('textbox', { name: 'Commission (%)' }).fill('12.5');
    await page.getByRole('textbox', { name: 'Cookie window' }).fill('60');
    await page.getByRole('textbox', { name: 'PIX' }).fill('3');
    // A new campaign pays the first charge only unless the admin chooses renewals too.
    await expect(page.getByRole('combobox', { name: 'Charges that earn' })).toHaveValue('First charge only');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit campaign' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Campaign created');
    // The next step is one click away: the campaign's page, where its coupons are made.
    await page.getByRole('status').getByRole('link', { name: 'Add its coupons' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Coupons' })).toBeVisible();

    const affiliate = await createApprovedAffiliate('Campanha', 'Leitora');
    const other = await (await browser.newContext()).newPage();
    await signInThroughForm(other, affiliate.email, affiliate.password);
    await expect(other.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await other.getByRole('link', { name: 'Campaigns' }).click();
    await other.getByRole('textbox', { name: 'Search campaigns' }).fill(name);
    const card = other.getByRole('article', { name });
    await expect(card).toContainText('12.5%');
    await expect(card).toContainText('60 days cookie');
    await card.getByRole('link', { name: 'See details' }).click();
    await expect(other.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(other.getByText('Aprenda a fotografar com o celular.')).toBeVisible();
    await expect(other.getByText('PIX')).toBeVisible();
    await expect(other.getByRole('link', { name: 'Generate my link' })).toHaveAttribute(
      'href',
      /\/gerador-links\?campanha=\d+$/,
    );
    await expect(other.getByRole('link', { name: 'Edit campaign' })).toHaveCount(0);
  });
});
