import { expect, type Page, test } from '@playwright/test';
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

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const bellList = (page: Page) => page.getByRole('list', { name: 'Notifications' });
const saleRow = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: `Open sale ${id}` }) });

test.describe('[NOTIFICATIONS] notifications that stay', () => {
  test('[AFFILIATE][NOTIFICATIONS] the sales list follows an approval live; the bell keeps what is unread until it is read', async ({
    browser,
  }) => {
    // Two visits of one affiliate and an admin's steps between them: about 20 s on a busy runner.
    test.slow();
    const stamp = Date.now();
    const affiliate = await createApprovedAffiliate('Sino', `Pessoa${stamp}`);
    const { code } = await affiliateOf(affiliate.email);
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const campaign = await createCampaign(`Avisos ${stamp}`, { commission_type: 'fixed', commission_value: 1_000 });
    const sales: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const sale = await call<{ id: number }>('/sales', {
        token: admin,
        body: {
          campaign_id: campaign.id,
          affiliate_code: code,
          amount_cents: 10_000 * n,
          payment_method: 'pix',
          external_id: `AVISO-${stamp}-${n}`,
        },
      });
      sales.push(sale.id);
    }
    const [first, second, third, fourth] = sales as [number, number, number, number];
    const approve = (id: number) => call(`/sales/${id}/approve`, { method: 'POST', token: admin });

    // First visit: the affiliate watches their sales when an admin approves one; the list follows.
    const firstVisit = await browser.newContext();
    const page = await firstVisit.newPage();
    await useSession(page, affiliate.email, affiliate.password);
    await page.goto('/vendas');
    await expect(saleRow(page, first)).toContainText('Pending');
    await approve(first);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: `#${first}` })).toBeVisible();
    await expect(saleRow(page, first)).toContainText('Approved');
    await expect(saleRow(page, second)).toContainText('Pending');
    // The affiliate leaves without opening the bell; two more are approved while they are away.
    await firstVisit.close();
    await approve(second);
    await approve(third);

    // Second visit: the bell lists every unread one the server holds, the one already shown as a toast too.
    const secondVisit = await browser.newContext();
    const again = await secondVisit.newPage();
    await signInThroughForm(again, affiliate.email, affiliate.password);
    await expect(again.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(bell(again)).toHaveAccessibleName(/Notifications \(\d+\)/);
    await bell(again).click();
    for (const id of [first, second, third]) {
      await expect(bellList(again)).toContainText(`Your sale #${id} on “${campaign.name}” was approved.`);
    }
    // Opening the bell read them: the count is gone, and they stay listed while the page lives.
    await expect(bell(again)).toHaveAccessibleName('Notifications');
    // One that arrives while the bell is open is in view, so it is read too: no count comes back.
    await approve(fourth);
    await expect(bellList(again)).toContainText(`Your sale #${fourth} on “${campaign.name}” was approved.`);
    await expect(bell(again)).toHaveAccessibleName('Notifications');
    await again.keyboard.press('Escape');

    // Read on the server: a reload does not bring them back.
    await again.reload();
    await expect(again.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await bell(again).click();
    // Other journeys' new campaigns may reach every affiliate meanwhile: what matters is that these
    // three are gone once the bell has its list from the server.
    await expect(again.getByText('Nothing new.', { exact: false }).or(bellList(again))).toBeVisible();
    for (const id of [first, second, third, fourth]) {
      await expect(again.getByText(`Your sale #${id} on`, { exact: false })).toHaveCount(0);
    }
    await secondVisit.close();
  });
});
