import { expect, test } from '@playwright/test';
import { ADMIN, affiliateOf, createCampaign, createQuietAffiliate, useSession } from './support/api';

const SCREENS = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

// Issue 16, point 3: an admin creates a coupon for an affiliate on a campaign's page; the affiliate
// finds it on the same campaign's page and copies it to share.
test.describe('[COUPONS]', () => {
  for (const [screen, viewport] of SCREENS) {
    test(`[ADMIN][AFFILIATE] an admin creates a coupon and the affiliate copies it (${screen})`, async ({
      browser,
    }) => {
      // Two people, two browser contexts, a campaign page each: more than one screen's worth of time.
      test.setTimeout(120_000);
      const campaign = await createCampaign(`Cupons ${screen} ${Date.now()}`);
      const caio = await createQuietAffiliate('Caio', `Cupom${screen}`);
      const affiliate = await affiliateOf(caio.email);
      const code = `CAIO${screen.toUpperCase()}${Date.now() % 100_000}`;

      const adminContext = await browser.newContext({ viewport });
      const admin = await adminContext.newPage();
      await useSession(admin, ADMIN.email, ADMIN.password);
      await admin.goto(`/campanhas/detalhes/${campaign.id}`);
      await expect(admin.getByRole('heading', { name: 'Coupons' })).toBeVisible();
      await expect(admin.getByText('No coupons for this campaign yet.')).toBeVisible();
      await admin.getByRole('button', { name: 'New coupon' }).click();
      const dialog = admin.getByRole('dialog', { name: 'New coupon' });
      // A code with a space is refused next to its field, before anything is sent.
      await dialog.getByRole('textbox', { name: 'Code' }).fill('caio 10');
      await dialog.getByRole('button', { name: 'Save coupon' }).click();
      await expect(dialog.getByText('Use 3 to 32 letters, digits')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
      await dialog.getByRole('combobox', { name: 'Affiliate' }).fill(affiliate.code);
      await admin.getByRole('option', { name: new RegExp(affiliate.code) }).click();
      await dialog.getByRole('textbox', { name: 'Discount for the buyer' }).fill('10% off the course');
      await dialog.getByRole('button', { name: 'Save coupon' }).click();
      await expect(dialog).toBeHidden();
      await expect(admin.getByText(`Coupon ${code} saved.`)).toBeVisible();
      await expect(admin.getByText(code, { exact: true })).toBeVisible();
      await admin.screenshot({ path: test.info().outputPath(`admin-coupons-${screen}.png`), fullPage: true });

      // One per approved affiliate from a pattern; Caio already has his, so he keeps it.
      await admin.getByRole('button', { name: 'Issue one per affiliate' }).click();
      const issue = admin.getByRole('dialog', { name: 'Issue one per affiliate' });
      const prefix = `${screen[0]?.toUpperCase()}${Date.now() % 100_000}-`;
      await issue.getByRole('textbox', { name: 'Pattern' }).fill(`${prefix}{CODE}`);
      await expect(issue.getByText(`For the affiliate ANA123: ${prefix}ANA123`)).toBeVisible();
      await issue.getByRole('button', { name: 'Issue coupons' }).click();
      await expect(issue.getByText(/Coupons issued: \d+\. Affiliates skipped \(.*\): [1-9]\d*\./)).toBeVisible();
      await admin.screenshot({ path: test.info().outputPath(`issue-coupons-${screen}.png`) });
      await issue.getByRole('button', { name: 'Close' }).last().click();
      await expect(issue).toBeHidden();

      // The same code in another case is another coupon's: refused next to the field.
      await admin.getByRole('button', { name: 'New coupon' }).click();
      await dialog.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
      await dialog.getByRole('combobox', { name: 'Affiliate' }).fill(affiliate.code);
      await admin.getByRole('option', { name: new RegExp(affiliate.code) }).click();
      await dialog.getByRole('button', { name: 'Save coupon' }).click();
      await expect(dialog.getByText('A coupon with this code already exists')).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // The admin's sale form takes the coupon, in any case; an unknown one is refused next to it.
      await admin.goto('/admin/vendas/criar');
      await admin.getByRole('combobox', { name: 'Campaign' }).click();
      await admin.getByRole('option', { name: new RegExp(campaign.name) }).click();
      await admin.locator('label[for$="-coupon"]').click();
      await admin.getByRole('textbox', { name: 'Coupon code' }).fill('NOPE-999');
      await admin.getByRole('textbox', { name: 'Amount' }).fill('100.00');
      await admin.getByRole('button', { name: 'Record sale' }).click();
      await expect(admin.getByText('This coupon does not exist for this campaign.')).toBeVisible();
      await admin.screenshot({ path: test.info().outputPath(`sale-form-coupon-${screen}.png`), fullPage: true });
      await admin.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
      await admin.getByRole('button', { name: 'Record sale' }).click();
      await expect(admin.getByText(new RegExp(`Sale #\\d+ recorded for Caio Cupom${screen}`))).toBeVisible();
      await adminContext.close();

      const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
      const page = await context.newPage();
      await useSession(page, caio.email, caio.password);
      await page.goto(`/campanhas/detalhes/${campaign.id}`);
      await expect(page.getByRole('heading', { name: 'Your coupons' })).toBeVisible();
      await expect(page.getByTestId('my-coupon-code')).toHaveText(code);
      await expect(page.getByText('10% off the course')).toBeVisible();
      await page.getByRole('button', { name: `Copy ${code}` }).click();
      await expect(page.getByRole('button', { name: `Copy ${code}` })).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      const sideScroll = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideScroll).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`my-coupons-${screen}.png`), fullPage: true });
      await context.close();
    });
  }
});
