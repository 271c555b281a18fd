import { expect, test } from '@playwright/test';
import { ADMIN, adminGet, createApprovedAffiliate, createCampaign, signInThroughForm } from './support/api';

test.describe('[TRACKING]', () => {
  test('[AFFILIATE][LINKS] an affiliate makes a link from a campaign, follows it, and sees the click counted', async ({
    page,
    request,
  }) => {
    const campaigns = await adminGet<{ items: { id: number; name: string }[] }>('/campaigns?status=active');
    let campaign = campaigns.items[0];
    if (!campaign) {
      const token = await (await request.post('/api/v1/auth/login', { data: ADMIN })).json();
      campaign = await (
        await request.post('/api/v1/campaigns', {
          headers: { authorization: `Bearer ${token.token}` },
          data: {
            name: `Links ${Date.now()}`,
            destination_url: 'https://loja.example.com/p?x=1',
            cookie_days: 30,
            hold_days: 7,
          },
        })
      ).json();
    }
    const affiliate = await createApprovedAffiliate('Link', 'Maker');
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto(`/campanhas/detalhes/${campaign?.id}`);
    await page.getByRole('link', { name: 'Generate my link' }).click();
    await expect(page).toHaveURL(/\/gerador-links\?campanha=\d+$/);
    await page.getByRole('textbox', { name: 'utm_source' }).fill('instagram');
    await page.getByRole('button', { name: 'Generate link' }).click();
    const url = await page.getByTestId('tracking-link').inputValue();
    expect(url).toMatch(/\/r\/[a-z0-9]{8}$/);
    await expect(page.getByRole('img', { name: 'QR code of the link' })).toBeVisible();

    const visit = await request.get(url, {
      maxRedirects: 0,
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' },
    });
    expect(visit.status()).toBe(302);
    const location = new URL(visit.headers().location ?? '');
    expect(location.searchParams.get('utm_source')).toBe('instagram');
    expect(location.searchParams.get('click_id')).toMatch(/^[0-9a-f-]{36}$/);

    const row = page.getByRole('row').filter({ hasText: url.replace(/^https?:\/\//, '') });
    await expect(async () => {
      await page.reload();
      await expect(row.getByRole('cell').nth(3)).toHaveText('1', { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
  });

  test('[AFFILIATE][LINKS] the generator’s form is there while the campaigns load, and the links below it do not move when they come', async ({
    page,
  }) => {
    const campaign = await createCampaign(`Espera ${Date.now()}`);
    const affiliate = await createApprovedAffiliate('Link', 'Waiter');
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // The active campaigns' answer is held until the page has laid out without them.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/v1\/campaigns\?.*status=active/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/gerador-links?campanha=${campaign.id}`);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Generate link' }) });
    const choice = form.getByRole('combobox', { name: 'Campaign' });
    await expect(choice).toBeDisabled();
    await form.getByRole('textbox', { name: 'utm_source' }).fill('whatsapp');
    const yourLinks = page.getByRole('heading', { level: 2, name: 'Your links' });
    await expect(yourLinks).toBeVisible();
    const before = await yourLinks.boundingBox();
    release();
    await expect(choice).toBeEnabled();
    // The campaign named in the address is chosen once it is known; what was typed stays.
    await expect(choice).toHaveValue(campaign.name);
    await expect(form.getByRole('textbox', { name: 'utm_source' })).toHaveValue('whatsapp');
    expect((await yourLinks.boundingBox())?.y).toBe(before?.y);
    // Chosen once: the person can still unchoose it.
    await choice.click();
    await page.getByRole('option', { name: campaign.name }).click();
    await expect(choice).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(choice).toHaveValue('');
  });
});
