import { expect, test } from '@playwright/test';
import {
  ADMIN,
  apiSignIn,
  call,
  createApprovedAffiliate,
  createCampaign,
  useSession as startSignedIn,
  useSession,
} from './support/api';
import { E2E_BASE_URL, MERCHANT_URL } from './support/constants';

type Sale = {
  id: number;
  affiliate_id: number;
  commission_cents: number;
  attributed_by: string;
  commission: {
    model?: string;
    shares?: { affiliate_id: number; role: string; commission_cents: number }[];
  };
};

// Issue 16, point 2: one browser follows affiliate A's link, then affiliate B's, for the same
// campaign; the merchant gets B's click id and posts the sale. The campaign's model decides.
test.describe('[ATTRIBUTION]', () => {
  for (const [model, expected] of [
    ['last_click', { owner: 'B', cents: 1235, shares: null }],
    ['first_click', { owner: 'A', cents: 1235, shares: null }],
    ['split_first_last', { owner: 'B', cents: 1235, shares: { A: 617, B: 618 } }],
  ] as const) {
    test(`[VISITOR][SALES] A's link then B's in one browser, a ${model} campaign credits ${
      expected.shares ? 'both, the odd cent to B' : expected.owner
    }`, async ({ browser }) => {
      const admin = await apiSignIn(ADMIN.email, ADMIN.password);
      const campaign = await createCampaign(`Atribuição ${model} ${Date.now()}`, {
        destination_url: `${MERCHANT_URL}/checkout?sku=7`,
        commission_type: 'percent',
        commission_value: 1_000,
        hold_days: 0,
        attribution_model: model,
      });
      const [ana, bia] = [
        await createApprovedAffiliate('Ana', 'Primeira'),
        await createApprovedAffiliate('Bia', 'Última'),
      ];
      const tokens = { A: await apiSignIn(ana.email, ana.password), B: await apiSignIn(bia.email, bia.password) };
      const linkOf = async (token: string) =>
        (await call<{ code: string }>('/links', { token, body: { campaign_id: campaign.id } })).code;
      const idOf = async (token: string) => Number((await call<{ afiliado_id: string }>('/me', { token })).afiliado_id);
      const ids = { A: await idOf(tokens.A), B: await idOf(tokens.B) };

      // One visitor, one browser: the portal's real redirect twice, landing on the merchant's page.
      const visitor = await browser.newContext();
      const page = await visitor.newPage();
      await page.goto(`${E2E_BASE_URL}/r/${await linkOf(tokens.A)}`);
      await expect(page).toHaveURL(/merchant\.e2e\.test.*click_id=/);
      const firstClickId = new URL(page.url()).searchParams.get('click_id');
      await page.goto(`${E2E_BASE_URL}/r/${await linkOf(tokens.B)}`);
      await expect(page).toHaveURL(/merchant\.e2e\.test.*click_id=/);
      const clickId = new URL(page.url()).searchParams.get('click_id') ?? '';
      expect(clickId).not.toBe(firstClickId);
      await visitor.close();

      // The merchant posts the sale with the click id it received (B's).
      const key = await call<{ key: string }>('/api-keys', {
        token: admin,
        body: { name: `Loja ${model}`, signed: false },
      });
      let sale: Sale | undefined;
      await expect(async () => {
        const res = await fetch(`${E2E_BASE_URL}/api/v1/postback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key.key },
          body: JSON.stringify({
            campaign_id: campaign.id,
            external_id: `pedido-${clickId}`,
            amount_cents: 12_345,
            payment_method: 'pix',
            click_id: clickId,
          }),
        });
        expect([200, 201]).toContain(res.status);
        sale = (await res.json()) as Sale;
      }).toPass({ timeout: 15_000 });
      if (!sale) throw new Error('no sale');
      expect(sale.affiliate_id).toBe(ids[expected.owner]);
      expect(sale.attributed_by).toBe('click');
      expect(sale.commission_cents).toBe(expected.cents);
      expect(sale.commission.model).toBe(model);
      if (expected.shares) {
        expect(sale.commission.shares?.map((s) => [s.affiliate_id, s.role, s.commission_cents])).toEqual([
          [ids.A, 'first', expected.shares.A],
          [ids.B, 'last', expected.shares.B],
        ]);
      } else {
        expect(sale.commission.shares).toBeUndefined();
      }

      // Each affiliate's own view of the sale: the model's affiliate(s), with their share.
      for (const who of ['A', 'B'] as const) {
        const share = expected.shares ? expected.shares[who] : expected.owner === who ? expected.cents : null;
        const res = await fetch(`${E2E_BASE_URL}/api/v1/sales/${sale.id}`, {
          headers: { authorization: `Bearer ${tokens[who]}` },
        });
        if (share === null) expect(res.status).toBe(404);
        else expect(((await res.json()) as Sale).commission_cents).toBe(share);
      }

      // The "why" on screen, as the affiliate who has a part of it reads it (A, when she has one).
      const reader = expected.owner === 'A' || expected.shares ? ana : bia;
      const context = await browser.newContext();
      const why = await context.newPage();
      await useSession(why, reader.email, reader.password);
      await why.goto(`/vendas/detalhes/${sale.id}`);
      await expect(why.getByTestId('sale-commission')).toContainText(expected.shares ? '6.17' : '12.35');
      await expect(why.getByTestId('sale-decided-by')).toContainText(
        {
          last_click: 'The click of the tracking link',
          first_click: 'first-click model',
          split_first_last: 'split model',
        }[model],
      );
      if (expected.shares) {
        await expect(why.getByTestId('sale-share-first')).toContainText('You');
        await expect(why.getByTestId('sale-share-first')).toContainText('6.17');
        await expect(why.getByTestId('sale-share-last')).toContainText('Another affiliate');
        await expect(why.getByTestId('sale-share-last')).toContainText('6.18');
      }
      await why.screenshot({ path: test.info().outputPath(`why-${model}.png`), fullPage: true });
      if (expected.shares) {
        // Her list says the figure is her part of a shared sale.
        await why.goto('/vendas');
        await expect(why.getByRole('row').filter({ hasText: campaign.name })).toContainText(
          'Your share of a split sale',
        );
        // Her link counts the sale with her share, as her home does (the link of her click, not B's).
        await why.goto('/gerador-links');
        const link = why.getByRole('row').filter({ hasText: campaign.name });
        await expect(link.getByRole('cell').nth(4)).toHaveText('1');
        await expect(link).toContainText('R$6.17');
        // The admin's overview shows the split: both affiliates, each share.
        const overview = await browser.newContext();
        const adminPage = await overview.newPage();
        await startSignedIn(adminPage, ADMIN.email, ADMIN.password);
        await adminPage.goto('/admin/vendas/visao-geral');
        await adminPage.getByRole('textbox', { name: /Search order/ }).fill(`pedido-${clickId}`);
        const row = adminPage.getByRole('row').filter({ hasText: campaign.name });
        await expect(row).toContainText('Bia Última');
        await expect(row).toContainText('Split with Ana Primeira (first click)');
        await expect(row.getByTestId('sale-split')).toHaveText('R$6.17 first click + R$6.18 last');
        await overview.close();
      }
      await context.close();
    });
  }

  test('[ADMIN][CAMPAIGNS] an admin chooses a campaign’s attribution model on its form', async ({ page }) => {
    const campaign = await createCampaign(`Modelo ${Date.now()}`);
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/campanhas/editar/${campaign.id}`);
    const models = page.getByRole('radiogroup', { name: 'Attribution model' });
    await expect(models.getByRole('radio', { name: 'Last click' })).toBeChecked();
    await expect(models.getByText('the odd cent goes to the last')).toBeVisible();
    await models.getByRole('radio', { name: 'Split first and last' }).check();
    await page.screenshot({ path: test.info().outputPath('campaign-form.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await expect(page).toHaveURL(new RegExp(`/campanhas/detalhes/${campaign.id}$`));
    await expect(page.getByText('Split first and last')).toBeVisible();
    const saved = await call<{ attribution_model: string }>(`/campaigns/${campaign.id}`, {
      token: await apiSignIn(ADMIN.email, ADMIN.password),
    });
    expect(saved.attribution_model).toBe('split_first_last');
  });
});
