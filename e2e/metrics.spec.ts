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

const SCREENS = [
  ['/admin/top-10-afiliados', 'Top 10 affiliates', 'table'],
  ['/admin/analises', 'Analytics', 'chart'],
  ['/admin/indicadores', 'Indicators', 'indicator'],
  ['/admin/metricas/forma-pagamento', 'Payment methods', 'chart'],
  ['/admin/metricas/origem-vendas', 'Sales origin', 'chart'],
  ['/admin/metricas/resgates', 'Redemption metrics', 'chart'],
  ['/admin/metricas/vendas', 'Sales metrics', 'chart'],
] as const;

test.describe('[ADMIN][METRICS]', () => {
  test.beforeAll(async () => {
    // At least one approved sale today, so every screen has something to draw.
    const affiliate = await createApprovedAffiliate('Metricas', `Souza${Date.now()}`);
    const { code } = await affiliateOf(affiliate.email);
    const campaign = await createCampaign(`Métricas ${Date.now()}`);
    const token = await apiSignIn(ADMIN.email, ADMIN.password);
    await call('/sales', {
      token,
      body: {
        campaign_id: campaign.id,
        affiliate_code: code,
        amount_cents: 15_000,
        payment_method: 'credit_card',
        status: 'approved',
      },
    });
  });

  for (const [path, heading, shows] of SCREENS) {
    test(`[ADMIN][METRICS] ${path} renders its ${shows} and table for an admin`, async ({ page }) => {
      await useSession(page, ADMIN.email, ADMIN.password);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading.split(' ')[0] ?? heading);
      if (shows === 'chart') await expect(page.locator('.recharts-surface').first()).toBeVisible();
      if (shows === 'indicator') {
        await expect(page.getByTestId('indicator-active_affiliates')).not.toHaveText('');
        await expect(page.getByText('Paid out against commission earned', { exact: false })).toBeVisible();
      }
      if (shows !== 'indicator') await expect(page.getByRole('table').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Export CSV' }).first()).toBeVisible();
    });
  }

  test('[AFFILIATE][METRICS] an affiliate cannot reach the admin metrics', async ({ page }) => {
    const affiliate = await createApprovedAffiliate('Curiosa', `Lopes${Date.now()}`);
    await useSession(page, affiliate.email, affiliate.password);
    for (const [path] of SCREENS) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login/);
    }
  });
});
