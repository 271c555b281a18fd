import { expect, test } from '@playwright/test';
import { ADMIN, adminGet, useSession } from './support/api';

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
