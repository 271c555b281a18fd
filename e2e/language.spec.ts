import { expect, type Locator, test } from '@playwright/test';
import {
  ADMIN,
  affiliateOf,
  apiSignIn,
  call,
  createCampaign,
  createQuietAffiliate,
  signInThroughForm,
  useSession as startSignedIn,
} from './support/api';

async function setAccountLanguage(email: string, password: string, language: string) {
  const token = await apiSignIn(email, password);
  await call('/me', { method: 'PATCH', token, body: { language } });
}

/** An approved sale for the affiliate, as the admin records it (the affiliate gets a live toast). */
async function recordSale(email: string, amountCents = 40_000) {
  const { code } = await affiliateOf(email);
  const campaign = await createCampaign(`Idioma ${Date.now()}`, { commission_type: 'fixed', commission_value: 12_345 });
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  await call('/sales', {
    token: admin,
    body: {
      campaign_id: campaign.id,
      affiliate_code: code,
      amount_cents: amountCents,
      payment_method: 'pix',
      status: 'approved',
    },
  });
}

/**
 * Where the browser draws characters of an element's text: the horizontal middle of each, by its
 * index in `textContent`. What the person sees, after the bidi algorithm, not the string's order.
 */
async function drawnX(locator: Locator, indexes: number[]): Promise<number[]> {
  return locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const nodes: { node: Text; start: number }[] = [];
    let length = 0;
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      nodes.push({ node, start: length });
      length += node.data.length;
    }
    return wanted.map((index) => {
      const found = nodes.findLast((n) => n.start <= index);
      if (!found) throw new Error(`no character ${index}`);
      const range = document.createRange();
      range.setStart(found.node, index - found.start);
      range.setEnd(found.node, index - found.start + 1);
      const box = range.getBoundingClientRect();
      return box.left + box.width / 2;
    });
  }, indexes);
}

test.describe('[LANGUAGE] one language, the person’s', () => {
  test('[LANGUAGE] an account whose language is Portuguese signs in and gets Portuguese screens and toasts', async ({
    page,
  }) => {
    const affiliate = await createQuietAffiliate('Lingua', `Portuguesa${Date.now()}`);
    await setAccountLanguage(affiliate.email, affiliate.password, 'pt');

    // A first visit from an English browser: the sign-in page is English until the account says otherwise.
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await page.getByRole('link', { name: 'Vendas', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vendas' })).toBeVisible();

    // The server writes the toast in the account's language: the same as the screen.
    await recordSale(affiliate.email);
    // (Filtered by its words: another toast may be on screen first; an English one would not match.)
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Nova venda' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Notificações/ })).toBeVisible();
  });

  test('[LANGUAGE] the language menu saves the account’s choice: on the server, across sign-out and on another browser', async ({
    page,
    browser,
  }) => {
    const affiliate = await createQuietAffiliate('Menu', `Idioma${Date.now()}`);
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // By keyboard: a toast of another journey's new campaign may lie over the header's buttons.
    await page.getByRole('button', { name: 'Language' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();

    const token = await apiSignIn(affiliate.email, affiliate.password);
    await expect.poll(async () => (await call<{ language: string }>('/me/account', { token })).language).toBe('pt');

    // Signed out, the sign-in page keeps the last language of this browser; switched back to English
    // there, the next sign-in still brings the account's Portuguese.
    await page.goto('/logout');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();

    // Another browser, first visit in English: the account's language follows the person.
    const elsewhere = await (await browser.newContext()).newPage();
    await signInThroughForm(elsewhere, affiliate.email, affiliate.password);
    await expect(elsewhere.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    await elsewhere.context().close();
  });

  test('[LANGUAGE] the sign-in page remembers the last language chosen on this browser', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await page.goto('/auth/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible();
  });

  test('[LANGUAGE] a first visit opens in the browser’s language among the five, else in English', async ({
    browser,
  }) => {
    const visit = async (locale: string) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/auth/login');
      return { page, close: () => context.close() };
    };
    const brazilian = await visit('pt-BR');
    await expect(brazilian.page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(brazilian.page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(brazilian.page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('pt');
    // A language chosen on this browser wins over the browser's from then on.
    await brazilian.page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await brazilian.page.reload();
    await expect(brazilian.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await brazilian.close();

    const arabic = await visit('ar-EG');
    await expect(arabic.page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabic.page.getByRole('combobox')).toHaveValue('ar');
    await arabic.close();

    // German is not among the five: English, the default.
    const german = await visit('de-DE');
    await expect(german.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(german.page.locator('html')).toHaveAttribute('lang', 'en');
    await german.close();
  });

  test('[LANGUAGE][DATES] in Portuguese on an English browser, a day is picked from a Portuguese calendar and reads dd/mm/aaaa', async ({
    browser,
  }) => {
    // The browser's own locale is English: a native date field would follow it (mm/dd/yyyy).
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const affiliate = await createQuietAffiliate('Datas', `Brasileiras${Date.now()}`);
    await setAccountLanguage(affiliate.email, affiliate.password, 'pt');
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    await page.getByRole('link', { name: 'Vendas', exact: true }).click();
    const from = page.getByRole('button', { name: 'De', exact: true });
    await expect(from).toContainText('dd/mm/aaaa');
    await from.click();
    const now = new Date();
    const month = new Intl.DateTimeFormat('pt-BR', { month: 'long' }).format(now);
    await page.getByRole('button', { name: `15 ${month} ${now.getFullYear()}` }).click();
    await expect(from).toHaveText(`15/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`);
    await context.close();
  });
});

test.describe('[LANGUAGE][AR] right to left, in the right order', () => {
  test('[LANGUAGE][AR] money reads “R$ …” and an English sentence standing in keeps its order', async ({ page }) => {
    const affiliate = await createQuietAffiliate('Arabe', `Ordem${Date.now()}`);
    await recordSale(affiliate.email);
    await setAccountLanguage(affiliate.email, affiliate.password, 'ar');
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'الرئيسية' })).toBeVisible();
    await page.goto('/resgates');
    await expect(page.getByRole('heading', { level: 1, name: 'السحوبات' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // The balance: R, then $, then the digits, from left to right on the screen.
    const balance = page.getByTestId('balance-available');
    await expect(balance).toContainText('R$');
    expect(await balance.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    const amount = (await balance.textContent()) ?? '';
    const [r, dollar, digit] = await drawnX(balance, [
      amount.indexOf('R'),
      amount.indexOf('$'),
      amount.search(/[0-9\u0660-\u0669]/),
    ]);
    expect(r).toBeLessThan(dollar as number);
    expect(dollar).toBeLessThan(digit as number);

    // The page's description has no Arabic yet: its English reads from its first word to its full stop.
    const description = page.getByText('Your balance, your requests to be paid', { exact: false });
    expect(await description.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    const sentence = (await description.textContent()) ?? '';
    const [first, stop] = await drawnX(description, [sentence.indexOf('Y'), sentence.lastIndexOf('.')]);
    expect(first).toBeLessThan(stop as number);
  });

  test('[LANGUAGE][AR][PHONE] at 390 px in Arabic the admin’s latest sales keep a name and its date apart, each cut at its end', async ({
    page,
  }) => {
    const affiliate = await createQuietAffiliate('Nome', `Latino${Date.now()}`);
    await recordSale(affiliate.email);
    await page.setViewportSize({ width: 390, height: 844 });
    // This browser only (the admin's account keeps its language for the other journeys).
    await page.addInitScript(() =>
      localStorage.setItem('settings', JSON.stringify({ language: 'ar', direction: 'rtl' })),
    );
    await startSignedIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const meta = page.getByTestId('latest-sale-meta').first();
    await expect(meta).toBeVisible();
    // The Latin name comes first and reads left to right: to the left of its date, not after it.
    const [name, date] = await meta.locator('bdi').all();
    if (!name || !date) throw new Error('the line has no name and date');
    const nameBox = await name.boundingBox();
    const dateBox = await date.boundingBox();
    expect(nameBox?.x ?? 0).toBeLessThan(dateBox?.x ?? 0);
    // A long Latin campaign name is cut at its end (its own direction), not at its start.
    const campaign = page.getByTestId('latest-sale-campaign').first();
    expect(await campaign.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await meta.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  });
});
