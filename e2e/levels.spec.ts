import { expect, test } from '@playwright/test';
import {
  ADMIN,
  adminGet,
  affiliateOf,
  apiSignIn,
  call,
  createApprovedAffiliate,
  createCampaign,
  useSession,
} from './support/api';

test.describe('[ADMIN][LEVELS]', () => {
  test('[ADMIN][LEVELS] an admin creates a level, edits its rate and sees the change in its history', async ({
    page,
  }) => {
    const name = `Safira ${Date.now()}`;
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/niveis');
    await page.getByRole('link', { name: 'Create level' }).click();
    await expect(page).toHaveURL(/\/admin\/niveis\/criar$/);
    await page.getByRole('button', { name: 'Create level' }).click();
    await expect(page.getByText('Use a percentage from 0 to 100')).toBeVisible();

    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Rank' }).fill('40');
    await page.getByRole('textbox', { name: 'Commission rate' }).fill('7.5');
    await page.getByRole('textbox', { name: 'Minimum approved sales' }).fill('5000');
    await page.getByRole('button', { name: 'Create level' }).click();
    await expect(page).toHaveURL(/\/admin\/niveis$/);
    await expect(page.getByRole('status')).toContainText(`Level “${name}” saved.`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('7.5%');
    await expect(row).toContainText('R$5,000.00');

    const { items } = await adminGet<{
      items: { id: number; name: string; commission_bps: number; min_sales_cents: number }[];
    }>('/levels');
    expect(items.find((l) => l.name === name)).toMatchObject({ commission_bps: 750, min_sales_cents: 500_000 });

    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit level: ${name}` })).toBeVisible();
    await page.getByRole('textbox', { name: 'Commission rate' }).fill('8');
    await page.getByRole('button', { name: 'Save level' }).click();
    await expect(page).toHaveURL(/\/admin\/niveis$/);
    await page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('link', { name: `Edit ${name}` })
      .click();
    const history = page
      .getByRole('heading', { name: 'Latest changes' })
      .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")]');
    await expect(history).toContainText('Changed');
    await expect(history).toContainText('commission_bps 750 → 800');
  });

  test('[ADMIN][LEVELS] a duplicate name is shown next to the field', async ({ page }) => {
    const name = `Duplo ${Date.now()}`;
    await useSession(page, ADMIN.email, ADMIN.password);
    for (let i = 0; i < 2; i++) {
      await page.goto('/admin/niveis/criar');
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('textbox', { name: 'Rank' }).fill('50');
      await page.getByRole('textbox', { name: 'Commission rate' }).fill('1');
      await page.getByRole('button', { name: 'Create level' }).click();
    }
    await expect(page.getByText('An item with this name already exists.')).toBeVisible();
  });
});

test('[ADMIN][AFFILIATE][LEVELS] an admin promotes now; the affiliate sees the new level and its rate', async ({
  browser,
}) => {
  const stamp = Date.now();
  const level = `Diamante ${stamp}`;
  const token = await apiSignIn(ADMIN.email, ADMIN.password);
  // The top of the ladder, so no level another journey creates outranks it.
  await call('/levels', { token, body: { name: level, rank: 999, commission_bps: 1_500, min_sales_cents: 900_000 } });
  const campaign = await createCampaign(`Promoção ${stamp}`);
  const affiliate = await createApprovedAffiliate('Promovida', `Costa${stamp}`);
  const { code } = await affiliateOf(affiliate.email);
  await call('/sales', {
    token,
    body: {
      campaign_id: campaign.id,
      affiliate_code: code,
      amount_cents: 1_000_000,
      payment_method: 'pix',
      status: 'approved',
    },
  });

  const mine = await (await browser.newContext()).newPage();
  await useSession(mine, affiliate.email, affiliate.password);
  await mine.goto('/conta');
  await expect(mine.getByText('R$10,000.00 in approved sales over the last 90 days')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await useSession(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/admin/niveis');
  await admin.getByRole('button', { name: 'Promote now' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: `Promovida Costa${stamp}` })).toContainText(level);

  await mine.reload();
  await expect(mine.getByTestId('my-level')).toHaveText(level);
  // Exact: the live toast of the promotion says it too.
  await expect(mine.getByText('15% commission', { exact: true })).toBeVisible();
  await expect(mine.getByText('You are at the top level. Congratulations!')).toBeVisible();
});
