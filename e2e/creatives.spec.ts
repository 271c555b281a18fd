import { expect, test } from '@playwright/test';
import {
  ADMIN,
  affiliateOf,
  apiSignIn,
  call,
  createCampaign,
  createQuietAffiliate,
  SMALL_PNG,
  useSession,
} from './support/api';

// Issue 30, point 2: an admin gives a campaign a text for everyone and a banner for one level; each
// affiliate finds them on the campaign's page with their own link, coupon and name, and only theirs.
test.describe('[CREATIVES]', () => {
  test('[ADMIN][AFFILIATE][CREATIVES] an admin adds a text for all and an image for one level; affiliates share them filled, and only those meant for them', async ({
    browser,
    page,
  }) => {
    const stamp = Date.now();
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const level = await call<{ id: number; name: string }>('/levels', {
      token: admin,
      body: { name: `Nível Materiais ${stamp}`, rank: 900 + (stamp % 100), commission_bps: 700, min_sales_cents: 0 },
    });
    const campaign = await createCampaign(`Materiais ${stamp}`);
    const paula = await createQuietAffiliate('Paula', `Materiais${stamp}`);
    const tiago = await createQuietAffiliate('Tiago', `Materiais${stamp}`);
    const paulaRecord = await affiliateOf(paula.email);
    await call(`/affiliates/${paulaRecord.id}`, { method: 'PATCH', token: admin, body: { level_id: level.id } });
    const coupon = `PAULA${stamp % 100_000}`;
    await call('/coupons', {
      token: admin,
      body: { code: coupon, campaign_id: campaign.id, affiliate_id: paulaRecord.id },
    });
    const textTitle = `Convite ${stamp}`;
    const imageTitle = `Banner Ouro ${stamp}`;

    // The admin's tab: empty at first.
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/campanhas/editar/${campaign.id}`);
    await page.getByRole('tab', { name: 'Creatives' }).click();
    await expect(page).toHaveURL(/\?tab=creatives$/);
    await expect(page.getByText('No creatives for this campaign yet.')).toBeVisible();

    // A text for every affiliate, with the three placeholders the hint lists.
    await page.getByRole('button', { name: 'New creative' }).click();
    const dialog = page.getByRole('dialog', { name: 'New creative' });
    await expect(dialog.getByText('{LINK} their link, {CUPOM} their coupon, {NOME} their first name')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save creative' }).click();
    await expect(dialog.getByText('Give it a title of up to 120 characters')).toBeVisible();
    await expect(dialog.getByText('Write the text (up to 2000 characters)')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(textTitle);
    await dialog
      .getByRole('textbox', { name: 'Text' })
      .fill('Oi, aqui é {NOME}! Garanta a sua vaga: {LINK} com o cupom {CUPOM}');
    await dialog.getByRole('button', { name: 'Save creative' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Creative “${textTitle}” saved.`)).toBeVisible();
    const textCard = page.getByRole('article', { name: textTitle });
    await expect(textCard.getByTestId('creative-audience')).toHaveText('Every affiliate');

    // An image only for the level: a file that is not an image is refused next to its field.
    await page.getByRole('button', { name: 'New creative' }).click();
    await dialog.getByText('Image', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(imageTitle);
    await dialog.getByRole('textbox', { name: 'Caption' }).fill('{NOME} indica: {LINK}');
    await dialog.getByRole('radio', { name: 'Chosen levels or networks' }).check();
    await dialog.getByRole('button', { name: 'Save creative' }).click();
    await expect(dialog.getByText('Choose the image')).toBeVisible();
    await expect(dialog.getByText('Choose a level or a network, or make it visible to every affiliate')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Levels' }).click();
    await page.getByRole('option', { name: level.name }).click();
    await dialog.getByRole('combobox', { name: 'Levels' }).press('Escape');
    const fileField = dialog.locator('input[type="file"]');
    await fileField.setInputFiles({
      name: 'not-an-image.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a png'),
    });
    await dialog.getByRole('button', { name: 'Save creative' }).click();
    await expect(dialog.getByText('Choose a PNG, JPEG or WebP image.')).toBeVisible();
    // Made once: the retry uploads to the same creative, whose kind no longer changes.
    await expect(dialog.getByText('The kind stays once created.')).toBeVisible();
    await fileField.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: SMALL_PNG });
    await dialog.getByRole('button', { name: 'Save creative' }).click();
    await expect(dialog).toBeHidden();
    const imageCard = page.getByRole('article', { name: imageTitle });
    await expect(imageCard.getByTestId('creative-audience')).toHaveText(`Only ${level.name}`);
    await expect(imageCard.getByRole('img', { name: `Preview of ${imageTitle}` })).toBeVisible();
    await expect(page.getByTestId('creative-card')).toHaveCount(2);

    // Paula, in the level: the text filled with her name, coupon and link; the banner to download.
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const mine = await context.newPage();
    await useSession(mine, paula.email, paula.password);
    await mine.goto(`/campanhas/detalhes/${campaign.id}`);
    const section = mine.getByRole('region', { name: 'Materials to share' });
    const text = section.getByRole('article', { name: textTitle });
    const token = await apiSignIn(paula.email, paula.password);
    await expect(text.getByTestId('creative-text')).toContainText('Oi, aqui é Paula!');
    const links = await call<{ items: { url: string; code: string; utm_source: string }[] }>(
      `/links?campaign_id=${campaign.id}`,
      { token },
    );
    const plain = links.items.find((l) => l.utm_source === '');
    const tagged = links.items.find((l) => l.utm_source === 'whatsapp');
    const filled = `Oi, aqui é Paula! Garanta a sua vaga: ${plain?.url} com o cupom ${coupon}`;
    await expect(text.getByTestId('creative-text')).toHaveText(filled);
    await expect(section).not.toContainText('{LINK}');
    await expect(section).not.toContainText('{NOME}');

    // WhatsApp: the message with her link of its own, whose visits arrive tagged utm_source=whatsapp.
    const whatsapp = text.getByRole('link', { name: /^Share on WhatsApp: / });
    const href = String(await whatsapp.getAttribute('href'));
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    expect(await whatsapp.getAttribute('rel')).toContain('noopener');
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe(
      `Oi, aqui é Paula! Garanta a sua vaga: ${tagged?.url} com o cupom ${coupon}`,
    );
    const visit = await fetch(String(tagged?.url), { redirect: 'manual' });
    expect(visit.headers.get('location')).toContain('utm_source=whatsapp');

    // Copy: the button says so, and the clipboard holds the filled text.
    await text.getByRole('button', { name: `Copy text: ${textTitle}` }).click();
    await expect(text.getByRole('button', { name: `Copy text: ${textTitle}` })).toHaveText('Copied');
    await expect(text.getByRole('status')).toHaveText('Copied');
    expect(await mine.evaluate(() => navigator.clipboard.readText())).toBe(filled);

    // The banner: its picture, its caption filled, and a download of the WebP the server kept.
    const banner = section.getByRole('article', { name: imageTitle });
    await expect(banner.getByRole('img', { name: `Preview of ${imageTitle}` })).toBeVisible();
    await expect(banner.getByTestId('creative-text')).toHaveText(`Paula indica: ${plain?.url}`);
    const download = mine.waitForEvent('download');
    await banner.getByRole('button', { name: `Download: ${imageTitle}` }).click();
    expect((await download).suggestedFilename()).toMatch(/^banner-ouro-\d+\.webp$/);
    await mine.screenshot({ path: test.info().outputPath('affiliate-materials.png'), fullPage: true });
    await context.close();

    // Tiago, in no level: the text for everyone, never the level's banner.
    const other = await (await browser.newContext()).newPage();
    await useSession(other, tiago.email, tiago.password);
    await other.goto(`/campanhas/detalhes/${campaign.id}`);
    const his = other.getByRole('region', { name: 'Materials to share' });
    await expect(his.getByRole('article', { name: textTitle }).getByTestId('creative-text')).toContainText(
      'Oi, aqui é Tiago!',
    );
    await expect(his.getByTestId('shared-creative')).toHaveCount(1);
    await expect(his.getByText(imageTitle)).toHaveCount(0);

    // The admin deletes the banner, after a confirmation.
    await imageCard.getByRole('button', { name: `Delete ${imageTitle}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this creative?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Creative “${imageTitle}” deleted.`)).toBeVisible();
    await expect(page.getByTestId('creative-card')).toHaveCount(1);
  });

  test('[AFFILIATE][CREATIVES] a campaign without materials says so', async ({ page }) => {
    const campaign = await createCampaign(`Sem materiais ${Date.now()}`);
    const person = await createQuietAffiliate('Vazio', `Materiais${Date.now()}`);
    await useSession(page, person.email, person.password);
    await page.goto(`/campanhas/detalhes/${campaign.id}`);
    await expect(
      page.getByRole('region', { name: 'Materials to share' }).getByText('No materials for this campaign yet.'),
    ).toBeVisible();
  });
});
