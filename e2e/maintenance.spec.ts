import { expect, test } from '@playwright/test';
import { ADMIN, createApprovedAffiliate, setMaintenance, signInThroughForm } from './support/api';

// Runs after every other journey (its own project in playwright.config.ts): maintenance is global.
test.describe('[MAINTENANCE]', () => {
  test.afterEach(async () => setMaintenance(false));

  test('[MAINTENANCE] an admin switches it on; others see the message, the admin keeps working', async ({
    page,
    browser,
  }) => {
    const affiliate = await createApprovedAffiliate();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto('/conta');
    await page.getByLabel('Message for affiliates').fill('Voltamos às 14h.');
    await page.getByLabel('Maintenance mode on').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Maintenance setting saved.')).toBeVisible();

    const other = await (await browser.newContext()).newPage();
    await signInThroughForm(other, affiliate.email, affiliate.password);
    await expect(other).toHaveURL(/\/auth\/maintenance$/);
    await expect(other.getByTestId('maintenance-message')).toHaveText('Voltamos às 14h.');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await page.getByLabel('Maintenance mode on').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Maintenance setting saved.')).toBeVisible();

    // Over: the way back leads to sign-in (they never got a session), which now lets them in.
    await other.getByRole('button', { name: 'Try again' }).click();
    await expect(other).toHaveURL(/\/auth\/login$/);
    await signInThroughForm(other, affiliate.email, affiliate.password);
    await expect(other.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });
});
