import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  ADMIN,
  affiliateOf,
  apiSignIn,
  call,
  createCampaign,
  createCreative,
  createPendingAffiliate,
  createQuietAffiliate,
  SMALL_PNG,
  signInThroughForm,
  useSession,
} from './support/api';
import { E2E_BASE_URL, MERCHANT_URL } from './support/constants';
import { expectNoSideScroll } from './support/layout';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

/** A record card (a row of a list on a phone) holding this text. */
const cardWith = (page: Page, text: string | RegExp) => page.getByTestId('record-card').filter({ hasText: text });

/** The card of one sale, found by the link that opens it. */
const saleCard = (page: Page, id: number) =>
  page.getByTestId('record-card').filter({ has: page.getByRole('link', { name: `Open sale ${id}`, exact: true }) });

/** A description-list value of a card, found by its label (the column's title). */
const labelled = (card: Locator, label: string) =>
  card.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

/**
 * Each badge shows whole: its text is not wider than its box, and no box that scrolls or clips (the
 * table's own scroll area) hides any part of it.
 */
async function expectBadgesWhole(page: Page, texts: string[]) {
  for (const text of texts) {
    const badge = page
      .locator('.mantine-Badge-root')
      .filter({ hasText: new RegExp(`^${text}$`, 'i') })
      .first();
    await expect(badge).toBeVisible({ timeout: 30_000 });
    for (const part of ['.mantine-Badge-label', null]) {
      const el = part ? badge.locator(part) : badge;
      const { scroll, client } = await el.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
      expect(scroll, `"${text}" is cut`).toBeLessThanOrEqual(client);
    }
    const isClipped = await badge.evaluate((node) => {
      const box = node.getBoundingClientRect();
      for (let el = node.parentElement; el; el = el.parentElement) {
        if (getComputedStyle(el).overflowX === 'visible') continue;
        const frame = el.getBoundingClientRect();
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) return true;
      }
      return false;
    });
    expect(isClipped, `"${text}" is hidden in part`).toBe(false);
  }
}

/**
 * One quiet affiliate's programme: a 10 % campaign with a counted click, sales in every status, a
 * paused campaign with a link, and redemptions requested, rejected and paid.
 */
async function seedProgramme(tag: string) {
  const affiliate = await createQuietAffiliate('Celular', tag);
  const { code } = await affiliateOf(affiliate.email);
  const token = await apiSignIn(affiliate.email, affiliate.password);
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  await call('/me', { method: 'PATCH', token, body: { pix_key: { type: 'email', key: affiliate.email } } });
  const campaign = await createCampaign(`Celular ${tag}`, { commission_type: 'percent', commission_value: 1_000 });
  const paused = await createCampaign(`Pausada ${tag}`);
  const link = await call<{ code: string }>('/links', { token, body: { campaign_id: campaign.id } });
  await call('/links', { token, body: { campaign_id: paused.id } });
  await call(`/campaigns/${paused.id}`, {
    method: 'PATCH',
    token: admin,
    body: {
      name: paused.name,
      destination_url: `${MERCHANT_URL}/checkout`,
      cookie_days: 30,
      hold_days: 7,
      status: 'paused',
    },
  });
  // Four counted clicks (one visitor each) on the running campaign's link.
  for (const n of [1, 2, 3, 4]) {
    await fetch(`${E2E_BASE_URL}/r/${link.code}`, {
      redirect: 'manual',
      headers: { 'user-agent': `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Celular/${tag}/${n}` },
    });
  }
  const sale = async (amount: number, then?: 'approve' | 'cancel' | 'refund') => {
    const made = await call<{ id: number }>('/sales', {
      token: admin,
      body: { campaign_id: campaign.id, affiliate_code: code, amount_cents: amount, payment_method: 'pix' },
    });
    if (then === 'refund') await call(`/sales/${made.id}/approve`, { method: 'POST', token: admin });
    if (then) await call(`/sales/${made.id}/${then}`, { method: 'POST', token: admin });
    return made.id;
  };
  const approved = await sale(1_500_000, 'approve'); // R$ 15.000,00 → R$ 1.500,00
  const pending = await sale(25_990); // R$ 259,90 → R$ 25,99
  await sale(10_000, 'cancel');
  await sale(20_000, 'refund');
  const redeem = (amount: number) =>
    call<{ id: number }>('/redemptions', { token, body: { amount_cents: amount, method: 'pix' } });
  const paid = await redeem(20_000);
  await call(`/redemptions/${paid.id}/approve`, { method: 'POST', token: admin });
  await call(`/redemptions/${paid.id}/pay`, { token: admin, body: { reference: `PIX-${tag}` } });
  const rejected = await redeem(15_000);
  await call(`/redemptions/${rejected.id}/reject`, { token: admin, body: { reason: 'Chave PIX errada' } });
  const requested = await redeem(12_345);
  return { affiliate, code, campaign, paused, approved, pending, requested: requested.id };
}

test.describe('phones', () => {
  // Each journey seeds a programme through the API and walks several screens.
  test.describe.configure({ timeout: 150_000 });
  test('[AFFILIATE][PHONE] at 390 px every list shows amount, commission and status without scrolling sideways', async ({
    page,
  }) => {
    const tag = `A${Date.now()}`;
    const seed = await seedProgramme(tag);
    await page.setViewportSize(PHONE);
    await useSession(page, seed.affiliate.email, seed.affiliate.password);

    // Sales: each sale a card, its figures labelled by their column.
    await page.goto('/vendas');
    const sale = saleCard(page, seed.pending);
    await expect(sale).toBeVisible({ timeout: 30_000 });
    await expect(labelled(sale, 'Amount')).toHaveText('R$259.90');
    await expect(labelled(sale, 'Commission')).toHaveText('R$25.99');
    await expect(labelled(sale, 'Status')).toHaveText('Pending');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSideScroll(page);

    // Redemptions, the statement and the payments: the three tabs of /resgates.
    await page.goto('/resgates');
    const request = cardWith(page, 'R$123.45');
    await expect(labelled(request, 'Status')).toHaveText('Requested');
    await request.getByRole('button', { name: 'Details' }).click();
    await expect(request.getByText('Requested', { exact: true }).nth(1)).toBeVisible();
    await expectNoSideScroll(page);
    await page.getByRole('tab', { name: 'Statement' }).click();
    await expect(cardWith(page, '+R$1,500.00').first()).toBeVisible();
    await expectNoSideScroll(page);
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(labelled(cardWith(page, `PIX-${tag}`), 'Amount')).toHaveText('R$200.00');
    await expectNoSideScroll(page);

    // Links: the paused campaign's link says so.
    await page.goto('/gerador-links');
    const pausedLink = cardWith(page, seed.paused.name);
    await expect(pausedLink.getByText('Paused', { exact: true })).toBeVisible();
    await expect(labelled(cardWith(page, seed.campaign.name), 'Clicks')).toHaveText('4');
    await expectNoSideScroll(page);

    // Campaign cards sell: a default picture, what an average sale pays, per click and conversion.
    await page.goto('/campanhas');
    await page.getByRole('textbox', { name: 'Search campaigns' }).fill(seed.campaign.name);
    const card = page.getByRole('article', { name: seed.campaign.name });
    await expect(card.getByTestId('default-campaign-image')).toBeVisible();
    // Programme-wide: one approved sale of R$ 15.000,00 at 10 %; R$ 1.525,99 earned over 4 clicks.
    await expect(card.getByTestId('sale-commission')).toHaveText('R$1,500.00');
    await expect(card.getByText('on an average order of R$15,000.00')).toBeVisible();
    await expect(card.getByTestId('epc')).toHaveText('R$381.50');
    await expect(card.getByTestId('conversion')).toHaveText('50.00%');
    await expectNoSideScroll(page);
  });

  test('[AFFILIATE][PHONE][MONEY] at 390 px in Portuguese the totals show R$ 9.999.999,99 whole, never cut', async ({
    page,
  }) => {
    const affiliate = await createQuietAffiliate('Grande', `Venda${Date.now()}`);
    const token = await apiSignIn(affiliate.email, affiliate.password);
    await call('/me', { method: 'PATCH', token, body: { language: 'pt' } });
    const { code } = await affiliateOf(affiliate.email);
    const campaign = await createCampaign(`Grande ${Date.now()}`, {
      commission_type: 'percent',
      commission_value: 9_999,
    });
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    await call('/sales', {
      token: admin,
      body: { campaign_id: campaign.id, affiliate_code: code, amount_cents: 999_999_999, payment_method: 'pix' },
    });
    await page.setViewportSize(PHONE);
    // Signed in through the form: the account's language (Portuguese) comes with the sign-in.
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    await page.goto('/vendas');
    await expect(page.getByTestId('sales-total-amount')).toHaveText('R$ 9.999.999,99');
    for (const key of ['count', 'amount', 'approved', 'pending']) {
      const figure = page.getByTestId(`sales-total-${key}`);
      const fits = await figure.evaluate((node) => {
        const card = node.closest('.mantine-Card-root')?.getBoundingClientRect();
        const box = node.getBoundingClientRect();
        return node.scrollWidth <= node.clientWidth && !!card && box.right <= card.right && box.left >= card.left;
      });
      expect(fits, `${key}: "${await figure.textContent()}" is cut`).toBe(true);
    }
    await expectNoSideScroll(page);
  });

  test('[ADMIN][PHONE] at 390 px an admin decides sales and redemptions from their cards', async ({ page }) => {
    const tag = `B${Date.now()}`;
    const seed = await seedProgramme(tag);
    const pendingPerson = await createPendingAffiliate('Aguarda', tag);
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    await call('/networks', { token: admin, body: { name: `Rede ${tag}` } });
    await page.setViewportSize(PHONE);
    await useSession(page, ADMIN.email, ADMIN.password);

    // Sales: approve one from its card.
    await page.goto('/admin/vendas/visao-geral');
    await page.getByRole('textbox', { name: /Search order/ }).fill(seed.campaign.name);
    const sale = saleCard(page, seed.pending);
    await expect(labelled(sale, 'Commission')).toHaveText('R$25.99');
    await expect(labelled(sale, 'Status')).toHaveText('Pending');
    await expectNoSideScroll(page);
    await sale.getByRole('button', { name: `Approve ${seed.pending}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Done: 1. Not possible (already decided): 0.')).toBeVisible();
    await expect(labelled(sale, 'Status')).toHaveText('Approved');
    await expect(sale.getByRole('button', { name: `Refund ${seed.pending}` })).toBeVisible();

    // Redemptions: approve the requested one from its card.
    await page.goto('/admin/historico-resgates');
    await page.getByRole('textbox', { name: /Search affiliate/ }).fill(seed.code);
    const redemption = cardWith(page, 'R$123.45').filter({ hasText: seed.code });
    await expect(labelled(redemption, 'Status')).toHaveText('Requested');
    await expectNoSideScroll(page);
    await redemption.getByRole('button', { name: `Approve ${seed.requested}` }).click();
    await expect(labelled(redemption, 'Status')).toHaveText('Approved');
    await expect(redemption.getByRole('button', { name: `Mark as paid ${seed.requested}` })).toBeVisible();
    await expectNoSideScroll(page);

    // Payments, networks, users and approvals: each a list of cards that fits.
    await page.goto('/admin/historico');
    await page.getByRole('textbox', { name: /Search affiliate/ }).fill(`PIX-${tag}`);
    await expect(labelled(cardWith(page, `PIX-${tag}`), 'Amount')).toHaveText('R$200.00');
    await expectNoSideScroll(page);

    await page.goto('/admin/rede-afiliados');
    await expect(cardWith(page, `Rede ${tag}`)).toBeVisible();
    await expectNoSideScroll(page);

    await page.goto('/admin/usuarios');
    await page.getByRole('textbox', { name: 'Search by name or email' }).fill(seed.affiliate.email);
    await expect(cardWith(page, seed.affiliate.email)).toBeVisible();
    await expectNoSideScroll(page);

    await page.goto('/admin/aprovar-afiliados');
    const person = cardWith(page, pendingPerson.email);
    await expect(person.getByRole('button', { name: `Approve Aguarda ${tag}` })).toBeVisible();
    await expect(person.getByRole('checkbox', { name: new RegExp(`Aguarda ${tag}`) })).toBeVisible();
    await expectNoSideScroll(page);
  });

  test('[ADMIN][AFFILIATE][PHONE] at 390 px a campaign’s creatives fit: the admin’s cards and form, the affiliate’s buttons whole', async ({
    page,
    browser,
  }) => {
    const tag = `D${Date.now()}`;
    const affiliate = await createQuietAffiliate('Celular', `Material${tag}`);
    const campaign = await createCampaign(`Materiais no celular ${tag}`);
    const longTitle = `Convite para o WhatsApp com um título bem comprido ${tag}`;
    await createCreative(campaign.id, {
      kind: 'text',
      title: longTitle,
      text: 'Oi! Aqui é {NOME}. Esse curso mudou minha rotina: {LINK}\nUse o cupom {CUPOM} no pagamento.',
    });
    await createCreative(campaign.id, { kind: 'image', title: `Banner ${tag}`, text: 'Garanta: {LINK}' }, SMALL_PNG);
    await page.setViewportSize(PHONE);
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/campanhas/editar/${campaign.id}?tab=creatives`);
    await expect(page.getByRole('article', { name: longTitle })).toBeVisible();
    await expect(page.getByRole('img', { name: `Preview of Banner ${tag}` })).toBeVisible();
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: 'New creative' }).click();
    await page
      .getByRole('dialog', { name: 'New creative' })
      .getByRole('radio', { name: 'Chosen levels or networks' })
      .check();
    await expectNoSideScroll(page);

    const context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR' });
    const mine = await context.newPage();
    await useSession(mine, affiliate.email, affiliate.password);
    await mine.evaluate(() => localStorage.setItem('settings', JSON.stringify({ language: 'pt' }))).catch(() => {});
    await mine.goto(`/campanhas/detalhes/${campaign.id}`);
    const section = mine.getByRole('region', { name: 'Materiais para divulgar' });
    await expect(section.getByRole('img', { name: `Prévia de Banner ${tag}` })).toBeVisible();
    await expectNoSideScroll(mine);
    // Every button shows its whole label, within its card.
    for (const button of await section.locator('.mantine-Button-root').all()) {
      const fits = await button.evaluate((node) => {
        const card = node.closest('article')?.getBoundingClientRect();
        const box = node.getBoundingClientRect();
        const label = node.querySelector('.mantine-Button-label') as HTMLElement;
        return label.scrollWidth <= label.clientWidth && !!card && box.left >= card.left && box.right <= card.right;
      });
      expect(fits, `"${await button.textContent()}" is cut or out of its card`).toBe(true);
    }
    await context.close();
  });

  test('[ADMIN][LAYOUT] at 1366 px no status badge is cut, in English or Portuguese, and the metrics items are reachable', async ({
    page,
    browser,
  }) => {
    const tag = `C${Date.now()}`;
    const seed = await seedProgramme(tag);
    await page.setViewportSize(LAPTOP);
    await useSession(page, ADMIN.email, ADMIN.password);

    await page.goto('/admin/vendas/visao-geral');
    await page.getByRole('textbox', { name: /Search order/ }).fill(seed.campaign.name);
    await expect(page.getByRole('row')).toHaveCount(5); // the header and four sales
    await expectBadgesWhole(page, ['Pending', 'Approved', 'Cancelled', 'Refunded']);

    // The last metrics item is reachable in the sidebar at this height, and in a shorter window.
    for (const height of [LAPTOP.height, 700]) {
      await page.setViewportSize({ width: LAPTOP.width, height });
      await page.goto('/admin/vendas/visao-geral');
      const last = page.getByRole('navigation', { name: 'Metrics' }).getByRole('link').last();
      // As a person reaches it: the mouse wheel over the sidebar (no box that hides its overflow scrolls).
      await expect(async () => {
        await page.mouse.move(130, 400);
        await page.mouse.wheel(0, 1_000);
        await expect(last).toBeInViewport({ ratio: 1, timeout: 1_000 });
      }).toPass();
      await last.click();
      await expect(page).toHaveURL(/\/admin\/metricas\/resgates$/);
    }
    // 1366 x 768: the menu says there is more below it, and a metrics screen's own entry is in view.
    await page.setViewportSize({ width: LAPTOP.width, height: 768 });
    await page.goto('/');
    const metrics = page.getByRole('navigation', { name: 'Metrics' });
    const moreBelow = page.getByRole('button', { name: 'More below' });
    await expect(moreBelow).toBeVisible();
    await expect(metrics.getByRole('link').last()).not.toBeInViewport();
    await moreBelow.click();
    await expect(metrics.getByRole('link').first()).toBeInViewport({ ratio: 1 });
    await page.goto('/admin/indicadores');
    await expect(metrics.getByRole('link', { name: 'Indicators' })).toBeInViewport({ ratio: 1 });
    await page.setViewportSize(LAPTOP);

    // Portuguese, where "Estornada" and "Cancelada" were cut.
    await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ language: 'pt' })));
    await page.goto('/admin/vendas/visao-geral');
    await page.getByRole('textbox', { name: /Buscar pedido/ }).fill(seed.campaign.name);
    await expect(page.getByRole('row')).toHaveCount(5);
    await expectBadgesWhole(page, ['Pendente', 'Aprovada', 'Cancelada', 'Estornada']);

    // The affiliate's redemptions in every status, in both languages.
    const context = await browser.newContext({ viewport: LAPTOP });
    const mine = await context.newPage();
    await useSession(mine, seed.affiliate.email, seed.affiliate.password);
    await mine.goto('/resgates');
    await expectBadgesWhole(mine, ['Requested', 'Rejected', 'Paid']);
    await mine.evaluate(() => localStorage.setItem('settings', JSON.stringify({ language: 'pt' })));
    await mine.goto('/resgates');
    await expectBadgesWhole(mine, ['Solicitado', 'Recusado', 'Pago']);
    await context.close();
  });

  test('[PHONE][MESSAGES] at 390 px and 1366 px, in English and Portuguese, the messages screens fit without scrolling sideways', async ({
    page,
    browser,
  }) => {
    const person = await createQuietAffiliate('Fala', `Celular${Date.now()}`);
    const mine = await browser.newContext({ viewport: PHONE });
    const affiliate = await mine.newPage();
    await useSession(affiliate, person.email, person.password);
    await affiliate.goto('/mensagens');
    await affiliate
      .getByRole('textbox', { name: 'Your message' })
      .fill(`Uma mensagem comprida ${'sem-espacos-'.repeat(12)}`);
    await affiliate.getByRole('button', { name: 'Send' }).click();
    await expect(affiliate.getByTestId('message')).toHaveCount(1);
    for (const language of ['en', 'pt']) {
      await affiliate.evaluate(
        (lang) => localStorage.setItem('settings', JSON.stringify({ language: lang })),
        language,
      );
      await affiliate.goto('/mensagens');
      await expect(affiliate.getByTestId('message')).toHaveCount(1);
      await expectNoSideScroll(affiliate);
    }
    await mine.close();

    await useSession(page, ADMIN.email, ADMIN.password);
    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      for (const language of ['en', 'pt']) {
        await page.goto('/');
        await page.evaluate((lang) => localStorage.setItem('settings', JSON.stringify({ language: lang })), language);
        await page.goto('/admin/mensagens');
        const row = page.getByTestId('thread-row').filter({ hasText: person.last });
        await row.click();
        await expect(page.getByTestId('message')).toHaveCount(1);
        await expectNoSideScroll(page);
        await page.goto('/admin/comunicados');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          language === 'pt' ? 'Comunicados' : 'Announcements',
        );
        await expectNoSideScroll(page);
      }
    }
  });
});
