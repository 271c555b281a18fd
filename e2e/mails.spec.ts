import { expect, test } from '@playwright/test';
import { ADMIN, createPendingAffiliate, latestMailTo, useSession } from './support/api';

test.describe('[MAILS]', () => {
  test('[ADMIN][MAILS] an admin opens Emails from the menu and sees a registration mail sent, with its recipient and subject (also on a 390 px phone)', async ({
    page,
  }) => {
    // A registration queues its mail in its own transaction; the outbox worker sends it.
    const person = await createPendingAffiliate('Bruna', 'Correio');
    await latestMailTo(person.email, 'We received your registration');

    await page.setViewportSize({ width: 1280, height: 900 });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await page.getByRole('link', { name: 'Emails' }).click();
    await expect(page).toHaveURL(/\/admin\/emails$/);
    await expect(page.getByRole('heading', { name: 'Emails', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: person.email });
    await expect(row).toContainText('We received your registration');
    await expect(row).toContainText('Sent');
    await page.screenshot({ path: '.tmp/test-results/mails-1280.png', fullPage: true });

    // Only sent ones: the row stays; only failed ones: it goes.
    await page.getByRole('combobox', { name: 'Show emails' }).click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: person.email })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Show emails' }).click();
    await page.getByRole('option', { name: 'Sent', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: person.email })).toHaveCount(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/emails');
    const card = page.getByText(person.email).first();
    await expect(card).toBeVisible();
    await expect(page.getByText('We received your registration').first()).toBeVisible();
    await page.screenshot({ path: '.tmp/test-results/mails-390.png', fullPage: true });
  });
});
