import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, affiliateOf, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';
import { expectNoSideScroll } from './support/layout';

const PHONE = { width: 390, height: 844 };
const TAX_DETAILS = {
  document: '529.982.247-25',
  legal_name: 'Pessoa do Lote',
  street: 'Rua da Aurora',
  number: '10',
  district: 'Boa Vista',
  city: 'Recife',
  state: 'PE',
  postal_code: '50050-000',
};
/** The sign-in of the people approvedRedemptions gave tax details to, by index. */
const signIns = new Map<number, { email: string; password: string }>();

/**
 * Approved redemptions of `amounts` (cents), each of its own affiliate named `Lote <last>`, with a
 * PIX key and the commission to pay it; returns their ids in the order of the amounts.
 */
async function approvedRedemptions(
  last: string,
  amounts: number[],
  /** Affiliates (by index) who are people with tax details: they are paid the net of a receipt. */
  people: number[] = [],
): Promise<number[]> {
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  const campaign = await createCampaign(`Lotes ${last}`, { commission_type: 'fixed', commission_value: 200_000 });
  const ids: number[] = [];
  for (const [index, amount] of amounts.entries()) {
    const affiliate = await createQuietAffiliate(`Lote${index + 1}`, last);
    const { code } = await affiliateOf(affiliate.email);
    const mine = await apiSignIn(affiliate.email, affiliate.password);
    await call('/me', { method: 'PATCH', token: mine, body: { pix_key: { type: 'email', key: affiliate.email } } });
    if (people.includes(index)) {
      await call('/me/tax-profile', { method: 'PUT', token: mine, body: { kind: 'person', ...TAX_DETAILS } });
      signIns.set(index, affiliate);
    }
    await call('/sales', {
      token: admin,
      body: {
        campaign_id: campaign.id,
        affiliate_code: code,
        amount_cents: 900_000,
        payment_method: 'pix',
        status: 'approved',
      },
    });
    const { id } = await call<{ id: number }>('/redemptions', {
      token: mine,
      body: { amount_cents: amount, method: 'pix' },
    });
    await call(`/redemptions/${id}/approve`, { method: 'POST', token: admin });
    ids.push(id);
  }
  return ids;
}

test.describe('[PAYOUTS]', () => {
  test('[ADMIN][PAYOUTS] a batch of three paid through the PIX provider: each confirmed, the person’s receipt downloaded', async ({
    page,
    browser,
  }) => {
    test.slow();
    const stamp = `${Date.now()}`;
    const ids = await approvedRedemptions(stamp, [150_000, 20_000, 30_000], [0]);
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const batch = await call<{ id: number }>('/payout-batches', { token: admin, body: { redemption_ids: ids } });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/historico-resgates?tab=batches&batch=${batch.id}`);
    const drawer = page.getByRole('dialog', { name: `Batch #${batch.id}` });
    await drawer.getByRole('button', { name: 'Pay batch' }).click();
    const pay = page.getByRole('dialog', { name: `Pay batch #${batch.id}` });
    await expect(pay.getByRole('radio', { name: 'Send each PIX through Asaas' })).toBeChecked();
    await pay.getByRole('button', { name: 'Pay R$2,000.00' }).click();
    await expect(pay).toBeHidden();
    // Asaas takes each PIX (the worker runs every 5 s) and confirms it by its webhook: every item paid.
    for (const id of ids) {
      await expect(drawer.getByRole('row').filter({ hasText: `redemption #${id}` })).toContainText('Paid', {
        timeout: 60_000,
      });
    }
    // The person was sent the net of the receipt: R$ 1.500,00 less INSS (11 %); no IRRF at that income.
    const person = drawer.getByRole('row').filter({ hasText: `redemption #${ids[0]}` });
    await expect(person.getByTestId('payout-net')).toContainText('R$1,335.00');

    const who = signIns.get(0);
    if (!who) throw new Error('no person');
    const context = await browser.newContext();
    const mine = await context.newPage();
    await useSession(mine, who.email, who.password);
    await mine.goto('/resgates');
    const row = mine
      .getByRole('region', { name: 'Receipts (RPA)' })
      .getByRole('row')
      .filter({ hasText: `#${ids[0]}` });
    await expect(row).toContainText('R$1,335.00');
    const [download] = await Promise.all([
      mine.waitForEvent('download'),
      row.getByRole('button', { name: `Download RPA of redemption #${ids[0]}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await context.close();
  });

  test('[ADMIN][PAYOUTS] admin batches two approved redemptions, downloads the bank CSV and pays the batch', async ({
    page,
  }) => {
    // Two affiliates with a sale and a request each, then a batch made, exported and paid.
    test.slow();
    const stamp = `${Date.now()}`;
    const [first = 0, second = 0] = await approvedRedemptions(stamp, [123_456, 10_000]);
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/historico-resgates');

    // The approved requests of this journey, ticked in the list.
    await page.getByRole('textbox', { name: 'Search affiliate or code…' }).fill(stamp);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Approved', exact: true }).click();
    await expect(page.getByTestId('redemptions-total')).toContainText('R$1,334.56');
    await page.getByRole('checkbox', { name: `Select redemption ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select redemption ${second}` }).check();
    await expect(page.getByText('2 redemptions selected · R$1,334.56')).toBeVisible();
    await page.getByRole('button', { name: 'Create batch' }).click();

    // The new batch opens beside the batches' list, its two items pending.
    const drawer = page.getByRole('dialog', { name: /^Batch #\d+$/ });
    await expect(drawer).toBeVisible();
    const batchId = Number(/#(\d+)/.exec((await drawer.getByRole('heading').first().textContent()) ?? '')?.[1]);
    await expect(
      page.getByRole('status').filter({ hasText: `Batch #${batchId} created with 2 redemptions` }),
    ).toContainText('R$1,334.56');
    await expect(drawer.getByTestId('payout-batch-total')).toHaveText('R$1,334.56');
    await expect(drawer.getByRole('row').filter({ hasText: `redemption #${first}` })).toContainText('Pending');
    await expect(drawer.getByRole('row').filter({ hasText: `redemption #${second}` })).toContainText('Pending');

    // Listed with its total, its count and its status.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `View batch #${batchId}` }) });
    await expect(row).toContainText('R$1,334.56');
    await expect(row).toContainText('Open');
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');

    // A redemption in the batch is paid with it, not by hand: the list says so in words.
    await page.getByRole('tab', { name: 'Redemptions' }).click();
    await page.getByRole('button', { name: `Mark as paid ${first}` }).click();
    const single = page.getByRole('dialog', { name: `Pay redemption #${first}` });
    await single.getByRole('textbox', { name: 'PIX end-to-end id or receipt number' }).fill(`AVULSO${stamp}`);
    await single.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      `This redemption is in payout batch #${batchId}`,
    );

    // The bank's file: its header, and each amount as a spreadsheet in Brazil reads it.
    await page.getByRole('tab', { name: 'Payout batches' }).click();
    await row.getByRole('button', { name: `View batch #${batchId}` }).click();
    await expect(drawer).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: 'Download CSV for the bank' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^lote-${batchId}-.*\\.csv$`));
    const [header = '', ...rows] = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(header.split(';').slice(0, 4)).toEqual(['Identifier', 'Payee', 'Affiliate code', 'Amount (R$)']);
    expect(header.split(';')).toEqual(expect.arrayContaining(['PIX key type', 'PIX key']));
    expect(rows).toHaveLength(2);
    const cellsOf = (id: number) => rows.find((r) => r.startsWith(`resgate-${id};`))?.split(';') ?? [];
    expect(cellsOf(first)).toContain('1234,56');
    expect(cellsOf(second)).toContain('100,00');

    // Paid with the bank's reference: the reference is required, next to its field.
    await drawer.getByRole('button', { name: 'Pay batch' }).click();
    const pay = page.getByRole('dialog', { name: `Pay batch #${batchId}` });
    await expect(pay.getByTestId('pay-batch-total')).toHaveText('R$1,334.56');
    // The journeys' server pays through a local Asaas; this batch was paid in the bank.
    await pay.getByRole('radio', { name: 'I paid the batch’s CSV in the bank' }).check();
    await pay.getByRole('button', { name: 'Pay R$1,334.56' }).click();
    await expect(pay.getByText('Type the bank’s reference, at least 4 characters')).toBeVisible();
    await pay.getByRole('textbox', { name: 'Bank reference' }).fill(`BANCO${stamp}`);
    await pay.getByRole('button', { name: 'Pay R$1,334.56' }).click();
    await expect(pay).toBeHidden();
    await expect(drawer.getByRole('status')).toContainText(`Batch #${batchId} paid: 2 redemptions recorded as paid.`);
    for (const id of [first, second]) {
      const item = drawer.getByRole('row').filter({ hasText: `redemption #${id}` });
      await expect(item).toContainText('Paid');
      await expect(item.getByTestId('payout-end-to-end')).toHaveText(`BANCO${stamp}`);
    }
    await expect(drawer.getByRole('button', { name: 'Pay batch' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(row).toContainText('Done');
    await expect(row).toContainText('2 redemptions paid');
    // Each redemption is recorded paid, with the bank's reference as its payment's.
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const paid = await call<{ status: string; payment: { reference: string } | null }>(`/redemptions/${first}`, {
      token: admin,
    });
    expect(paid).toMatchObject({ status: 'paid', payment: { reference: `BANCO${stamp}` } });
  });

  test('[ADMIN][PAYOUTS][PHONE] the batches list and a batch fit a 390 px screen', async ({ page }) => {
    const stamp = `${Date.now()}`;
    const ids = await approvedRedemptions(`Fone${stamp}`, [4_321]);
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const batch = await call<{ id: number }>('/payout-batches', { token: admin, body: { redemption_ids: ids } });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.setViewportSize(PHONE);
    await page.goto('/admin/historico-resgates?tab=batches');
    const card = page
      .getByTestId('record-card')
      .filter({ has: page.getByRole('button', { name: `View batch #${batch.id}` }) });
    await expect(card).toContainText('R$43.21');
    await expectNoSideScroll(page);
    await card.getByRole('button', { name: `View batch #${batch.id}` }).click();
    const drawer = page.getByRole('dialog', { name: `Batch #${batch.id}` });
    await expect(drawer.getByTestId('record-card')).toContainText('Pending');
    await expectNoSideScroll(page);
  });
});
