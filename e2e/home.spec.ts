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
import { holdRequests } from './support/network';

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
    // The chart's code comes when its place is in view (below the figures).
    await page.getByTestId('dashboard-chart-card').scrollIntoViewIfNeeded();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByText('Your level')).toBeVisible();
    await expect(page.getByRole('link', { name: campaign.name }).first()).toBeVisible();
    await page.getByText('7 days', { exact: true }).click();
    await expect(page.getByTestId('kpi-sales')).toHaveText('1');
  });

  test("[AFFILIATE][HOME] on a phone the chart's code waits until its place is scrolled into view", async ({
    page,
  }) => {
    const affiliate = await createApprovedAffiliate('Celular', `Rocha${Date.now()}`);
    await page.setViewportSize({ width: 390, height: 844 });
    const chartCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/dashboard-chart-[\w-]+\.js$/.test(request.url())) chartCode.push(request.url());
    });
    await useSession(page, affiliate.email, affiliate.password);
    // The lists below the chart load their code as soon as the figures come, wherever they are.
    const listsCode = page.waitForResponse(/\/assets\/dashboard-lists-[\w-]+\.js$/);
    await page.goto('/');
    await expect(page.getByTestId('kpi-available')).toBeVisible();
    await listsCode;
    // The first screen has the figures; the chart card's top edge at most peeks in at the bottom.
    await expect(page.getByTestId('dashboard-chart-card')).toBeAttached();
    await page.waitForTimeout(1_000);
    expect(chartCode).toEqual([]);
    await page.getByTestId('dashboard-chart-card').scrollIntoViewIfNeeded();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    expect(chartCode).toHaveLength(1);
  });

  test("[AFFILIATE][HOME] while the layout's code comes, the header's bar and mark are already there", async ({
    page,
  }) => {
    const affiliate = await createApprovedAffiliate('Casca', `Nunes${Date.now()}`);
    await useSession(page, affiliate.email, affiliate.password);
    // The signed-in area's code is held back until the shell has been seen.
    const release = await holdRequests(page, /\/assets\/signed-in-[\w-]+\.js$/);
    await page.goto('/');
    await expect(page.getByRole('banner')).toContainText('Afiliados');
    await expect(page.getByTestId('screen-spinner')).toBeVisible();
    await expect(page.getByTestId('kpi-available')).toHaveCount(0);
    release();
    await expect(page.getByTestId('kpi-available')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);
  });

  test("[AFFILIATE][HOME] before any of the app's code runs, a signed-in page paints the header bar; the sign-in page does not", async ({
    page,
  }) => {
    const affiliate = await createApprovedAffiliate('Moldura', `Pires${Date.now()}`);
    // The app's entry is held back: only index.html, its stylesheet and the boot script are there.
    const release = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
    await page.goto('/auth/login', { waitUntil: 'commit' });
    await expect(page.locator('.boot-shell')).toBeAttached();
    await expect(page.locator('.boot-shell')).toBeHidden();
    await useSession(page, affiliate.email, affiliate.password);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('.boot-shell')).toBeVisible();
    await expect(page.locator('.boot-shell')).toHaveText('Afiliados');
    release();
    await expect(page.getByTestId('kpi-available')).toBeVisible();
    await expect(page.locator('.boot-shell')).toHaveCount(0);
  });

  test('[ADMIN][HOME] the programme dashboard says what waits and leads there', async ({ page }) => {
    // A request already approved (to pay) is one of what the redemptions card counts.
    const stamp = Date.now();
    const affiliate = await createApprovedAffiliate('Aberto', `Resgate${stamp}`);
    const { code } = await affiliateOf(affiliate.email);
    const mine = await apiSignIn(affiliate.email, affiliate.password);
    await call('/me', { method: 'PATCH', token: mine, body: { pix_key: { type: 'email', key: affiliate.email } } });
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const campaign = await createCampaign(`Aberto ${stamp}`, { commission_type: 'fixed', commission_value: 5_000 });
    const sale = { campaign_id: campaign.id, affiliate_code: code, amount_cents: 20_000, payment_method: 'pix' };
    await call('/sales', { token: admin, body: { ...sale, status: 'approved' } });
    const request = await call<{ id: number }>('/redemptions', {
      token: mine,
      body: { amount_cents: 2_000, method: 'pix' },
    });
    await call(`/redemptions/${request.id}/approve`, { token: admin, body: {} });

    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await expect(page.getByTestId('kpi-revenue')).toBeVisible();
    // The chart's code comes when its card is in view (below the waiting cards and the figures).
    await page.getByTestId('dashboard-chart-card').scrollIntoViewIfNeeded();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: /Redemptions to decide or pay/ }).click();
    // It opens exactly what it counts: requests to decide and to pay, the approved one among them.
    await expect(page).toHaveURL(/\/admin\/historico-resgates\?status=open$/);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Open (to decide or pay)');
    await page.getByRole('textbox', { name: 'Search affiliate or code…' }).fill(code);
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Approved');
  });
});
