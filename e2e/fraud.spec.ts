import { expect, test } from '@playwright/test';
import { ADMIN, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';
import { E2E_BASE_URL } from './support/constants';

// Issue 17, point 4: the fraud rules an admin tunes, and what they catch, on the screens.

const PHONE = { width: 390, height: 844 };

test.describe('[ADMIN][FRAUD] fraud rules', () => {
  test('[ADMIN][FRAUD] a registration from a disposable email waits in the approvals queue marked as such', async ({
    page,
  }) => {
    const email = `golpista-${Date.now()}@mailinator.com`;
    await call('/auth/register', {
      body: { first_name: 'Golpe', last_name: 'Descartavel', email, password: 'senha-e2e-123', accept_terms: true },
    });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/aprovar-afiliados');
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Disposable email');
  });

  test('[ADMIN][FRAUD] a tuned click-flooding rule stops counting one address’s clicks, and the floods are reported; on a phone too', async ({
    page,
  }) => {
    const token = await apiSignIn(ADMIN.email, ADMIN.password);
    const rules = await call<Record<string, Record<string, unknown>>>('/fraud-rules', { token });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/regras-antifraude');
    await expect(page.getByRole('heading', { level: 1, name: 'Fraud rules' })).toBeVisible();
    // The admin lowers the limit to 5 clicks a minute, through the form.
    const clicks = page.getByRole('textbox', { name: 'Clicks', exact: true });
    await clicks.fill('5');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText('Fraud rules saved.')).toBeVisible();
    try {
      const campaign = await createCampaign(`Enxurrada ${Date.now()}`);
      const person = await createQuietAffiliate('Enxurrada', `Link${Date.now()}`);
      const mine = await apiSignIn(person.email, person.password);
      const link = await call<{ id: number; code: string }>('/links', {
        token: mine,
        body: { campaign_id: campaign.id },
      });
      // Nine clicks from one address, each with another agent: four over the limit.
      for (let i = 0; i < 9; i++) {
        const res = await fetch(`${E2E_BASE_URL}/r/${link.code}`, {
          redirect: 'manual',
          headers: { 'user-agent': `Mozilla/5.0 (X11; Linux) Firefox/13${i}`, 'x-forwarded-for': '198.51.100.77' },
        });
        expect(res.status).toBe(302);
      }
      await expect
        .poll(async () => (await call<{ items: { clicks: number }[] }>('/links', { token: mine })).items[0]?.clicks, {
          timeout: 10_000,
        })
        .toBe(5);
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: link.code });
      await expect(row).toContainText('4');
      await page.setViewportSize(PHONE);
      await expect(page.getByTestId('record-card').filter({ hasText: link.code })).toContainText('4');
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
        .toBeLessThanOrEqual(0);
    } finally {
      await call('/fraud-rules', { token, method: 'PUT', body: rules });
    }
  });
});
