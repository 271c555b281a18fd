import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { companyTaxProfile, nfseXml } from '../server/test/nfse-fixtures';
import { ADMIN, affiliateOf, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';
import { E2E_BASE_URL } from './support/constants';
import { expectNoSideScroll } from './support/layout';

const PHONE = { width: 390, height: 844 };

/** An affiliate with an approved sale worth its commission and an approved redemption of `amountCents`. */
async function affiliateWithApprovedRedemption(last: string, amountCents: number) {
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  const campaign = await createCampaign(`Recibos ${last}`, { commission_type: 'fixed', commission_value: amountCents });
  const affiliate = await createQuietAffiliate('Recibo', last);
  const { code } = await affiliateOf(affiliate.email);
  const mine = await apiSignIn(affiliate.email, affiliate.password);
  await call('/me', { method: 'PATCH', token: mine, body: { pix_key: { type: 'email', key: affiliate.email } } });
  await call('/sales', {
    token: admin,
    body: {
      campaign_id: campaign.id,
      affiliate_code: code,
      amount_cents: amountCents * 2,
      payment_method: 'pix',
      status: 'approved',
    },
  });
  const { id } = await call<{ id: number }>('/redemptions', {
    token: mine,
    body: { amount_cents: amountCents, method: 'pix' },
  });
  await call(`/redemptions/${id}/approve`, { method: 'POST', token: admin });
  return { ...affiliate, redemptionId: id };
}

/** The affiliate's tax details as a company (CNPJ 11.222.333/0001-81, in Recife); answers its token. */
async function companyProfile(affiliate: { email: string; password: string }, legalName: string) {
  const token = await apiSignIn(affiliate.email, affiliate.password);
  await call('/me/tax-profile', {
    method: 'PUT',
    token,
    body: companyTaxProfile(legalName, '11.222.333/0001-81'),
  });
  return token;
}

test.describe('[TAX]', () => {
  test('[AFFILIATE][TAX] affiliate fills in tax details, is paid and downloads the receipt (RPA)', async ({ page }) => {
    test.slow();
    const stamp = `${Date.now()}`;
    const affiliate = await affiliateWithApprovedRedemption(`Fiscal${stamp}`, 600_000);
    await useSession(page, affiliate.email, affiliate.password);

    // The tax details on /conta: a CPF whose check digits are wrong is refused next to its field.
    await page.goto('/conta');
    const card = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save tax details' }) });
    await expect(page.getByText('Receipts (RPA) and the yearly statement carry these details')).toBeVisible();
    await card.getByRole('textbox', { name: 'CPF' }).fill('12345678900');
    await expect(card.getByRole('textbox', { name: 'CPF' })).toHaveValue('123.456.789-00');
    await card.getByRole('textbox', { name: 'Full name' }).fill('Ana Souza da Silva');
    await card.getByRole('textbox', { name: 'CEP' }).fill('50010000');
    await card.getByRole('textbox', { name: 'Street' }).fill('Rua das Flores');
    await card.getByRole('textbox', { name: 'Number' }).fill('123');
    await card.getByRole('textbox', { name: 'District' }).fill('Centro');
    await card.getByRole('textbox', { name: 'City' }).fill('Recife');
    // By keyboard: a live toast of another journey (a new campaign) may lie over the list's options.
    await card.getByRole('combobox', { name: 'State' }).fill('PE');
    await expect(page.getByRole('option', { name: 'PE', exact: true })).toBeVisible();
    await card.getByRole('combobox', { name: 'State' }).press('ArrowDown');
    await card.getByRole('combobox', { name: 'State' }).press('Enter');
    await expect(card.getByRole('combobox', { name: 'State' })).toHaveValue('PE');
    await card.getByRole('button', { name: 'Save tax details' }).click();
    const documentField = card.getByRole('textbox', { name: 'CPF' });
    await expect(documentField).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByText('This is not a valid CPF: check the digits.')).toBeVisible();

    // Fixed: saved, and kept as saved after a reload.
    await documentField.fill('529.982.247-25');
    await card.getByRole('button', { name: 'Save tax details' }).click();
    await expect(card.getByRole('status')).toContainText('Tax details saved.');
    await expect(card.getByText('This is not a valid CPF: check the digits.')).toBeHidden();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
    await expect(page.getByRole('textbox', { name: 'CEP' })).toHaveValue('50010-000');

    // The admin pays the approved redemption in a manual batch.
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const batch = await call<{ id: number }>('/payout-batches', {
      token: admin,
      body: { redemption_ids: [affiliate.redemptionId] },
    });
    await call(`/payout-batches/${batch.id}/pay`, { token: admin, body: { reference: 'LOTE-TESTE-1' } });
    // Paid at once by hand; through a provider, once its confirmation arrives: the receipt comes with it.
    await expect
      .poll(
        async () => (await call<{ status: string }>(`/redemptions/${affiliate.redemptionId}`, { token: admin })).status,
      )
      .toBe('paid');

    // /resgates lists the receipt: gross, the withholdings and the net.
    await page.goto('/resgates');
    const receipts = page.getByRole('region', { name: 'Receipts (RPA)' });
    const row = receipts.getByRole('row').filter({ hasText: `#${affiliate.redemptionId}` });
    await expect(row).toContainText('R$6,000.00');
    await expect(row).toContainText('R$4,959.98');
    await expect(row).toContainText('R$1,040.02');

    // Its RPA is a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download RPA of redemption #${affiliate.redemptionId}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('%PDF');

    // And the year's statement, as CSV.
    const [yearly] = await Promise.all([
      page.waitForEvent('download'),
      receipts.getByRole('button', { name: 'Yearly statement (CSV)' }).click(),
    ]);
    expect(yearly.suggestedFilename()).toMatch(/\.csv$/);
    expect(readFileSync(await yearly.path(), 'utf8')).toContain('6000,00');
  });

  test('[AFFILIATE][TAX][PHONE] the tax details and the receipts fit a 390 px screen', async ({ page }) => {
    const affiliate = await createQuietAffiliate('Fone', `Fiscal${Date.now()}`);
    await useSession(page, affiliate.email, affiliate.password);
    await page.setViewportSize(PHONE);
    await page.goto('/conta');
    await expect(page.getByRole('button', { name: 'Save tax details' })).toBeVisible();
    await page
      .locator('label')
      .filter({ hasText: /^Company$/ })
      .click();
    await expect(page.getByRole('textbox', { name: 'CNPJ' })).toBeVisible();
    await expectNoSideScroll(page);
    await page.goto('/resgates');
    await expect(
      page.getByText('A receipt (RPA) appears here when a payment to a person (CPF) is made.'),
    ).toBeVisible();
    await expectNoSideScroll(page);
  });

  test('[ADMIN][TAX] an admin checks a company’s PDF invoice and keeps the withholding rates, on a phone too', async ({
    page,
  }) => {
    test.slow();
    const company = await affiliateWithApprovedRedemption(`PJ${Date.now()}`, 50_000);
    const mine = await companyProfile(company, `Empresa ${company.email.split('@')[0]} LTDA`);
    const sent = await fetch(`${E2E_BASE_URL}/api/v1/redemptions/${company.redemptionId}/invoice`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${mine}`, 'content-type': 'application/pdf' },
      body: '%PDF-1.4\n% DANFSe\n%%EOF\n',
    });
    expect(sent.status).toBe(200);

    await page.setViewportSize(PHONE);
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/historico-resgates?tab=taxes');
    const invoice = page.getByTestId('invoice-to-check').filter({ hasText: `#${company.redemptionId}` });
    await expect(invoice).toContainText('R$500.00');
    await invoice.getByRole('button', { name: 'Accept (R$500.00)' }).click();
    await expect(invoice).toHaveCount(0);
    const accepted = await call<{ status: string }>(`/redemptions/${company.redemptionId}/invoice`, {
      token: await apiSignIn(ADMIN.email, ADMIN.password),
    });
    expect(accepted.status).toBe('accepted');

    // The rates: who pays, as receipts name it (amounts stay as they are: other journeys pay meanwhile).
    await page.getByRole('textbox', { name: 'Paying company (on receipts)' }).fill('Loja Exemplo LTDA');
    await page.getByRole('textbox', { name: 'Its CNPJ' }).fill('11444777000161');
    await expect(page.getByRole('textbox', { name: 'Its CNPJ' })).toHaveValue('11.444.777/0001-61');
    await page.getByRole('button', { name: 'Save rates' }).click();
    await expect(page.getByText('Rates saved. Batches paid from now on use them.')).toBeVisible();
    // R$ 1.000,00 to a person: INSS 11 %, no IRRF at that income, no ISS by default.
    await page.getByRole('textbox', { name: 'Try a gross payment' }).fill('1.000,00');
    await expect(page.getByTestId('withholding-preview')).toContainText('INSS R$110.00');
    await expect(page.getByTestId('withholding-preview')).toContainText('net R$890.00');
    // Each IRRF bracket's figures whole on the phone: no input narrower than what it holds.
    await expect(page.getByTestId('irrf-bracket')).toHaveCount(5);
    const cut = await page
      .getByTestId('irrf-bracket')
      .locator('input')
      .evaluateAll((inputs) =>
        (inputs as HTMLInputElement[]).filter((i) => i.scrollWidth > i.clientWidth).map((i) => i.value),
      );
    expect(cut).toEqual([]);
    await expectNoSideScroll(page);
  });

  test('[AFFILIATE][TAX][PHONE] a company sends its NFS-e: an XML of another value is refused saying why, the right one accepted', async ({
    page,
  }) => {
    const company = await affiliateWithApprovedRedemption(`NF${Date.now()}`, 75_000);
    await companyProfile(company, 'Empresa Nota LTDA');
    await page.setViewportSize(PHONE);
    await useSession(page, company.email, company.password);
    await page.goto('/resgates');
    const row = page.getByTestId('invoice-row').filter({ hasText: `#${company.redemptionId}` });
    await expect(row).toContainText('Not sent');

    const send = async (value: string) => {
      const chooser = page.waitForEvent('filechooser');
      await row.getByRole('button', { name: `Send NFS-e for redemption #${company.redemptionId}` }).click();
      await (await chooser).setFiles({
        name: 'nfse.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(nfseXml(value, '11222333000181')),
      });
    };
    await send('700.00');
    await expect(row).toContainText('This file is not an NFS-e of R$750.00');
    await expect(row).toContainText('Not sent');
    await send('750.00');
    await expect(row).toContainText('Accepted');
    await expectNoSideScroll(page);
  });
});
