import { expect, test } from '@playwright/test';
import {
  ADMIN,
  affiliateOf,
  apiSignIn,
  call,
  createApprovedAffiliate,
  createCampaign,
  latestMailTo,
  useSession,
} from './support/api';

test.describe('[REDEMPTIONS]', () => {
  test('[AFFILIATE][ADMIN][REDEMPTIONS] an affiliate requests a redemption, an admin approves and pays it, both see it paid', async ({
    browser,
  }) => {
    // Two people's sessions, a request, an approval and a payment: 27–30 s on a busy two-core runner.
    test.slow();
    const stamp = Date.now();
    const affiliate = await createApprovedAffiliate('Resgate', `Pago${stamp}`);
    const { code } = await affiliateOf(affiliate.email);
    const mine = await apiSignIn(affiliate.email, affiliate.password);
    await call('/me', { method: 'PATCH', token: mine, body: { pix_key: { type: 'email', key: affiliate.email } } });
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const campaign = await createCampaign(`Resgates ${stamp}`, { commission_type: 'fixed', commission_value: 12_345 });
    await call('/sales', {
      token: admin,
      body: {
        campaign_id: campaign.id,
        affiliate_code: code,
        amount_cents: 50_000,
        payment_method: 'pix',
        status: 'approved',
      },
    });

    // The affiliate asks for R$ 100.00 of the R$ 123.45 available.
    const page = await (await browser.newContext()).newPage();
    await useSession(page, affiliate.email, affiliate.password);
    await page.goto('/resgates');
    await expect(page.getByTestId('balance-available')).toHaveText('R$123.45');
    await expect(page.getByText('Minimum R$10.00 · up to R$123.45')).toBeVisible();
    await page.getByRole('textbox', { name: 'Amount' }).fill('200');
    await page.getByRole('button', { name: 'Request redemption' }).click();
    await expect(page.getByText('You can redeem at most your available balance (R$123.45).')).toBeVisible();
    await page.getByRole('textbox', { name: 'Amount' }).fill('100');
    await page.getByRole('button', { name: 'Request redemption' }).click();
    await expect(page.getByText(/Redemption #\d+ of R\$100\.00 requested/)).toBeVisible();
    await expect(page.getByTestId('balance-available')).toHaveText('R$23.45');
    await expect(page.getByTestId('balance-reserved')).toHaveText('R$100.00');
    // One open request at a time: the next one waits, and the page says so as information, not as an error.
    const waiting = page.getByRole('status').filter({ hasText: 'One request at a time' });
    await expect(waiting).toContainText('Your request of R$100.00 is on its way.');
    // In the page: a live toast (role alert too) may come and go meanwhile.
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Request redemption' })).toBeDisabled();
    const id = Number(/#(\d+)/.exec((await page.getByText(/Redemption #\d+ of/).textContent()) ?? '')?.[1]);

    // The admin approves it, then records the PIX payment.
    const adminPage = await (await browser.newContext()).newPage();
    await useSession(adminPage, ADMIN.email, ADMIN.password);
    await adminPage.goto('/admin/historico-resgates');
    await adminPage.getByRole('textbox', { name: 'Search affiliate or code…' }).fill(code);
    await expect(adminPage.getByRole('combobox', { name: 'Status' })).toHaveValue('Requested');
    await adminPage.getByRole('button', { name: `Approve ${id}` }).click();
    // The approved request stays in view under "Requested", with its next step, and the notice says what it is.
    await expect(adminPage.getByRole('status')).toContainText(`Redemption #${id} approved. Next: pay it`);
    const row = adminPage
      .getByRole('row')
      .filter({ has: adminPage.getByRole('button', { name: `Mark as paid ${id}` }) });
    await expect(row).toContainText('Approved');
    // The notice follows it to where it now lives.
    await adminPage.getByRole('button', { name: 'See it under “Approved”' }).click();
    await expect(adminPage.getByRole('combobox', { name: 'Status' })).toHaveValue('Approved');
    await expect(row).toBeVisible();
    await adminPage.getByRole('button', { name: `Mark as paid ${id}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Pay redemption #${id}` });
    await expect(dialog).toContainText(affiliate.email);
    await dialog.getByRole('textbox', { name: 'PIX end-to-end id or receipt number' }).fill(`E2E${stamp}`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(adminPage.getByRole('status')).toContainText(`Redemption #${id} paid.`);
    await expect(adminPage.getByRole('row').filter({ hasText: code })).toContainText('Paid');
    // The one-at-a-time rule is the admin's to change, on the same screen.
    const rule = adminPage.getByRole('switch', { name: 'One open request at a time' });
    const ruleOnServer = async () =>
      (await call<{ one_open_at_a_time: boolean }>('/settings/redemptions', { token: admin })).one_open_at_a_time;
    await expect(rule).toBeChecked();
    await rule.click({ force: true });
    await expect(rule).not.toBeChecked();
    await expect.poll(ruleOnServer).toBe(false);
    // The switch waits for the server's answer before it takes another click.
    await expect(rule).toBeEnabled();
    await rule.click({ force: true });
    await expect(rule).toBeChecked();
    await expect.poll(ruleOnServer).toBe(true);
    await adminPage.goto('/admin/historico');
    await adminPage.getByRole('textbox', { name: /Search affiliate, code or reference/ }).fill(`E2E${stamp}`);
    await expect(adminPage.getByRole('row').filter({ hasText: `E2E${stamp}` })).toContainText('R$100.00');

    // The affiliate sees it paid, in the history, the payments and the statement, and got the mail.
    await page.reload();
    await expect(page.getByTestId('balance-paid')).toHaveText('R$100.00');
    await expect(page.getByTestId('balance-reserved')).toHaveText('R$0.00');
    await expect(page.getByRole('row').filter({ hasText: 'R$100.00' }).first()).toContainText('Paid');
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByRole('row').filter({ hasText: `E2E${stamp}` })).toBeVisible();
    await page.getByRole('tab', { name: 'Statement' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Redemption requested' })).toContainText('R$23.45');
    const mail = await latestMailTo(affiliate.email, `Your redemption #${id} was paid`);
    expect(mail.text).toContain(`E2E${stamp}`);
  });
});
