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

test.describe('[HOME]', () => {
  test("[AFFILIATE][HOME] the dashboard shows the period's figures, the chart, the level and the latest sale", async ({
    page,
  }) => {
    const stamp = Date.now();
    const affiliate = await createApprovedAffiliate('Painel', `Lima${stamp}`);
    const { code } = await affiliateOf(affiliate.email);
    const campaign = await createCampaign(`Painel ${stamp}`, { commission_type: 'fixed', commission_value: 4_321 });
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    await call('/sales', {
      token: admin,
      body: {
        campaign_id: campaign.id,
        affiliate_code: code,
        amount_cents: 10_000,
        payment_method: 'pix',
        status: 'approved',
      },
    });
    await useSession(page, affiliate.email, affiliate.password);
    await page.goto('/');
    await expect(page.getByTestId('kpi-sales')).toHaveText('1');
    await expect(page.getByTestId('kpi-commission')).toHaveText('R$43.21');
    await expect(page.getByTestId('kpi-available')).toHaveText('R$43.21');
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByText('Your level')).toBeVisible();
    await expect(page.getByRole('link', { name: campaign.name }).first()).toBeVisible();
    await page.getByText('7 days', { exact: true }).click();
    await expect(page.getByTestId('kpi-sales')).toHaveText('1');
  });

  test('[ADMIN][HOME] the programme dashboard says what waits and leads there', async ({ page }) => {
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId('kpi-revenue')).toBeVisible();
    await page.getByRole('link', { name: /Redemptions to decide or pay/ }).click();
    await expect(page).toHaveURL(/\/admin\/historico-resgates$/);
  });
});
