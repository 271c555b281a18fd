import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  ADMIN,
  adminGet,
  affiliateOf,
  apiSignIn,
  call,
  createApprovedAffiliate,
  createCampaign,
  useSession,
} from './support/api';

/** Pastes through the real clipboard (Ctrl+V), replacing what the field held, as a person would. */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.fill('');
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(text);
}

/** A text within an accessible description, where "R$ 1,00" has a no-break space. */
const within = (text: string) => new RegExp(text.replace(/[.$?()]/g, '\\$&').replace(/ /g, '\\s'));

/** Serious and critical WCAG 2.1 A/AA findings inside the form holding this field. */
async function seriousViolationsAround(page: Page, field: Locator) {
  await field.evaluate((el) => el.closest('form')?.setAttribute('data-axe-scope', ''));
  const results = await new AxeBuilder({ page })
    .include('[data-axe-scope]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

async function clipboardContext(context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context;
}

/** An affiliate with a PIX key and R$ 2.000,00 available, from an approved fixed-commission sale. */
async function affiliateWithBalance(last: string) {
  const affiliate = await createApprovedAffiliate('Dinheiro', last);
  const { code } = await affiliateOf(affiliate.email);
  const token = await apiSignIn(affiliate.email, affiliate.password);
  await call('/me', { method: 'PATCH', token, body: { pix_key: { type: 'email', key: affiliate.email } } });
  const campaign = await createCampaign(`Saldo ${last}`, { commission_type: 'fixed', commission_value: 200_000 });
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
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
  return { ...affiliate, token };
}

test.describe('[MONEY]', () => {
  test('[ADMIN][SALES] "189,90" pasted into the sale amount in English is R$ 189,90, shown before saving and stored as 18990 cents', async ({
    browser,
  }) => {
    const campaign = await createCampaign(`Vírgula ${Date.now()}`, {
      commission_type: 'percent',
      commission_value: 2_500,
    });
    const affiliate = await createApprovedAffiliate('Colada', 'Virgula');
    const { code } = await affiliateOf(affiliate.email);
    const page = await (await clipboardContext(await browser.newContext())).newPage();
    await useSession(page, ADMIN.email, ADMIN.password);

    await page.goto('/admin/vendas/criar');
    await page.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: new RegExp(campaign.name) }).click();
    await page.getByRole('textbox', { name: 'Affiliate code', exact: true }).fill(code);
    const amount = page.getByRole('textbox', { name: 'Amount' });
    await paste(page, amount, '189,90');
    await expect(amount).toHaveAccessibleDescription(within('Understood as R$ 189,90'));
    await expect(page.getByText('Understood as R$ 189,90')).toBeVisible();
    const orderId = `VIRGULA-${Date.now()}`;
    await page.getByRole('textbox', { name: 'Order id' }).fill(orderId);
    await page.getByRole('button', { name: 'Record sale' }).click();
    // 25 % of R$ 189,90 is R$ 47,475: half up to the cent.
    const recorded = page.getByText(/Sale #\d+ recorded for Colada Virgula: commission R\$47\.48/);
    await expect(recorded).toBeVisible();

    const id = Number(/#(\d+)/.exec((await recorded.textContent()) ?? '')?.[1]);
    const sale = await adminGet<{ amount_cents: number; commission_cents: number; external_id: string }>(
      `/sales/${id}`,
    );
    expect(sale).toMatchObject({ amount_cents: 18_990, commission_cents: 4_748, external_id: orderId });
  });

  test('[AFFILIATE][REDEMPTIONS] an ambiguous "1.234" is asked about and not sent; "1.234,56" pasted is requested as 123456 cents', async ({
    browser,
  }) => {
    const affiliate = await affiliateWithBalance(`Ambiguo${Date.now()}`);
    const page = await (await clipboardContext(await browser.newContext())).newPage();
    await useSession(page, affiliate.email, affiliate.password);
    await page.goto('/resgates');
    await expect(page.getByTestId('balance-available')).toHaveText('R$2,000.00');
    const amount = page.getByRole('textbox', { name: 'Amount' });
    const question = 'Did you mean R$ 1.234,00 or R$ 1,23?';

    // Pasted, the question comes at once; submitted anyway, nothing is sent.
    await paste(page, amount, '1.234');
    await expect(page.getByText(question)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(within(question));
    await page.getByRole('button', { name: 'Request redemption' }).click();
    await expect(page.getByText(question)).toBeVisible();
    await expect(page.getByText(/Redemption #\d+ of/)).toHaveCount(0);
    expect(await seriousViolationsAround(page, amount)).toEqual([]);
    const none = await call<{ items: unknown[] }>('/redemptions', { token: affiliate.token });
    expect(none.items).toHaveLength(0);

    // Typed, it is asked once the person leaves the field; a choice writes the amount out in full.
    await amount.fill('');
    await amount.pressSequentially('1,234');
    await expect(page.getByText(question)).toHaveCount(0);
    await amount.blur();
    await expect(page.getByText(question)).toBeVisible();
    await page.getByRole('button', { name: 'Use R$ 1.234,00' }).click();
    await expect(amount).toHaveValue('1.234,00');
    await expect(amount).toBeFocused();
    await expect(page.getByText(question)).toHaveCount(0);
    await expect(amount).toHaveAccessibleDescription(within('Understood as R$ 1.234,00'));
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await seriousViolationsAround(page, amount)).toEqual([]);

    await paste(page, amount, '1.234,56');
    await expect(page.getByText('Understood as R$ 1.234,56')).toBeVisible();
    await page.getByRole('button', { name: 'Request redemption' }).click();
    await expect(page.getByText(/Redemption #\d+ of R\$1,234\.56 requested/)).toBeVisible();
    const mine = await call<{ items: { amount_cents: number }[] }>('/redemptions', { token: affiliate.token });
    expect(mine.items.map((r) => r.amount_cents)).toEqual([123_456]);
  });

  test('[AFFILIATE][REDEMPTIONS] on a 390 px phone in Portuguese, "1,234.56" is R$ 1.234,56 and the field and what it understood fit the screen', async ({
    browser,
  }) => {
    const affiliate = await affiliateWithBalance(`Celular${Date.now()}`);
    const context = await clipboardContext(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    const page = await context.newPage();
    await useSession(page, affiliate.email, affiliate.password);
    await page.addInitScript(() => localStorage.setItem('settings', JSON.stringify({ language: 'pt' })));
    await page.goto('/resgates');
    const amount = page.getByRole('textbox', { name: 'Valor' });
    await paste(page, amount, '1,234.56');
    const understood = page.getByText('Entendido como R$ 1.234,56');
    await expect(understood).toBeVisible();
    await expect(amount).toHaveAccessibleDescription(within('Entendido como R$ 1.234,56'));

    // Readable: inside the screen, on one line, not clipped, at least 12 px, and below the field.
    const field = await amount.boundingBox();
    const line = await understood.boundingBox();
    for (const box of [field, line]) {
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    expect(line?.y).toBeGreaterThanOrEqual((field?.y ?? 0) + (field?.height ?? 0));
    const style = await understood.evaluate((el) => ({
      fontSize: Number.parseFloat(getComputedStyle(el).fontSize),
      isClipped: el.scrollWidth > el.clientWidth,
      lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
      height: el.getBoundingClientRect().height,
    }));
    expect(style.fontSize).toBeGreaterThanOrEqual(12);
    expect(style.isClipped).toBe(false);
    expect(style.height).toBeLessThan(style.lineHeight * 1.5);

    // The question and both answers fit too.
    await paste(page, amount, '1.234');
    await expect(page.getByText('Você quis dizer R$ 1.234,00 ou R$ 1,23?')).toBeVisible();
    for (const name of ['Usar R$ 1.234,00', 'Usar R$ 1,23']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    await page.getByRole('button', { name: 'Usar R$ 1.234,00' }).click();
    await page.getByRole('button', { name: 'Solicitar resgate' }).click();
    await expect(page.getByText(/Resgate nº \d+ de R\$\s1\.234,00 solicitado/)).toBeVisible();
    const mine = await call<{ items: { amount_cents: number }[] }>('/redemptions', { token: affiliate.token });
    expect(mine.items.map((r) => r.amount_cents)).toEqual([123_400]);
  });

  for (const language of ['fr', 'ar', 'ch']) {
    test(`[ADMIN][CAMPAIGNS][LEVELS] in ${language} a level threshold and a fixed commission read Brazilian amounts`, async ({
      browser,
    }) => {
      const page = await (await clipboardContext(await browser.newContext())).newPage();
      await useSession(page, ADMIN.email, ADMIN.password);
      await page.addInitScript((l) => localStorage.setItem('settings', JSON.stringify({ language: l })), language);

      await page.goto('/admin/niveis/criar');
      const threshold = page.getByRole('textbox', { name: 'Minimum approved sales' });
      await paste(page, threshold, 'R$ 1.234,56');
      await expect(page.getByText('Understood as R$ 1.234,56')).toBeVisible();
      await threshold.fill('5000');
      await expect(page.getByText('Understood as R$ 5.000,00')).toBeVisible();

      await page.goto('/admin/campanhas/criar');
      const name = `Fixa ${language} ${Date.now()}`;
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('textbox', { name: 'Destination URL' }).fill('https://loja.example.com.br/produto');
      await page.getByText('Fixed per sale').click();
      const commission = page.getByRole('textbox', { name: 'Commission per sale (R$)' });
      await paste(page, commission, '12,50');
      await expect(page.getByText('Understood as R$ 12,50')).toBeVisible();
      await page.getByRole('button', { name: 'Create campaign' }).click();
      await expect(page.getByRole('status')).toContainText('Campaign created');
      const { items } = await adminGet<{
        items: { name: string; commission_type: string; commission_value: number }[];
      }>(`/campaigns?q=${encodeURIComponent(name)}`);
      expect(items.find((c) => c.name === name)).toMatchObject({ commission_type: 'fixed', commission_value: 1_250 });
    });
  }
});
