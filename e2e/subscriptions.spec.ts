import { mkdirSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, affiliateOf, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';
import { E2E_BASE_URL } from './support/constants';

// Issue 17, points 1 and 2 on the screens: a campaign's recurring rule, and subscriptions made of
// the charges a merchant posts back, with what their renewals earn the affiliate.

const PHONE = { width: 390, height: 844 };
// Each journey seeds its own programme and opens a few heavy screens (charts, the rich-text editor)
// while the other worker and the server share two cores: a first paint may take longer than 20 s.
const expect = baseExpect.configure({ timeout: 40_000 });
const SHOTS = '.tmp/screens';

/** A picture of the screen to look at; the seed's live toasts are hidden, they would cover a phone's screen. */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A merchant's postback with an unsigned key (the signature is the sales journey's business). */
async function postback(key: string, body: Record<string, unknown>) {
  const res = await fetch(`${E2E_BASE_URL}/api/v1/postback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  expect([200, 201]).toContain(res.status);
  return (await res.json()) as { id: number; commission_cents: number };
}

/**
 * A subscription of three approved charges on a campaign paying R$ 10,00 a sale and R$ 4,00 a
 * renewal, for life: the first charge names the affiliate, the renewals only the subscription.
 */
async function seedSubscription(tag: string) {
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  const campaign = await createCampaign(`Clube ${tag}`, {
    commission_type: 'fixed',
    commission_value: 1_000,
    recurring_rule: 'lifetime',
    renewal_commission_value: 400,
  });
  const affiliate = await createQuietAffiliate('Assinante', `Recorrente${tag}`);
  const { code } = await affiliateOf(affiliate.email);
  const key = await call<{ key: string }>('/api-keys', { token: admin, body: { name: `Clube ${tag}`, signed: false } });
  const subscriptionId = `ASSIN-${tag}`;
  const charges = [];
  for (const charge of [1, 2, 3]) {
    charges.push(
      await postback(key.key, {
        campaign_id: campaign.id,
        external_id: `${subscriptionId}-${charge}`,
        amount_cents: 4_990,
        payment_method: 'credit_card',
        subscription_id: subscriptionId,
        charge_number: charge,
        status: 'approved',
        ...(charge === 1 ? { affiliate_code: code } : {}),
      }),
    );
  }
  return { campaign, affiliate, subscriptionId, charges };
}

test.describe('[SUBSCRIPTIONS]', () => {
  test.describe.configure({ timeout: 150_000 });
  test('[ADMIN][CAMPAIGNS] an admin sets a campaign’s recurring rule in the form, and its details show it', async ({
    page,
  }) => {
    const campaign = await createCampaign(`Recorrente ${Date.now()}`, {
      commission_type: 'percent',
      commission_value: 1_000,
    });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/campanhas/editar/${campaign.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Recurring commission' })).toBeVisible();

    // "First charge only": no renewal rate to give.
    const rule = page.getByRole('combobox', { name: 'Charges that earn' });
    await rule.click();
    await page.getByRole('option', { name: 'First charge only' }).click();
    await expect(page.getByRole('textbox', { name: 'Renewal rate (%)' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Number of charges' })).toHaveCount(0);

    // "The first charges": how many, checked next to the field; and a renewal rate of its own.
    await rule.click();
    await page.getByRole('option', { name: 'The first charges' }).click();
    const charges = page.getByRole('textbox', { name: 'Number of charges' });
    await page.getByRole('textbox', { name: 'Renewal rate (%)' }).fill('5');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await expect(charges).toHaveAccessibleDescription(/Enter a whole number from 2 to 120/);
    await charges.fill('3');
    await shot(page, 'campaign-form-recurring');
    await page.getByRole('button', { name: 'Save campaign' }).click();

    await expect(page).toHaveURL(new RegExp(`/campanhas/detalhes/${campaign.id}$`));
    await expect(page.getByTestId('campaign-recurring')).toHaveText('The first 3 charges · renewals at 5%');
    const saved = await call<Record<string, unknown>>(`/campaigns/${campaign.id}`, {
      token: await apiSignIn(ADMIN.email, ADMIN.password),
    });
    expect(saved).toMatchObject({ recurring_rule: 'first_n', recurring_charges: 3, renewal_commission_value: 500 });
  });

  test('[AFFILIATE][SUBSCRIPTIONS] a chain of postbacks shows on the affiliate’s subscriptions with its recurring earnings, and leads to its charges', async ({
    page,
  }) => {
    const tag = `${Date.now()}`;
    const { affiliate, subscriptionId, charges } = await seedSubscription(tag);
    // R$ 10,00 for the first charge, R$ 4,00 for each renewal, all credited to the first's affiliate.
    expect(charges.map((c) => c.commission_cents)).toEqual([1_000, 400, 400]);

    await useSession(page, affiliate.email, affiliate.password);
    await page.goto('/');
    await page.getByRole('link', { name: 'Subscriptions' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await expect(page.getByTestId('subscriptions-total-active')).toHaveText('1');
    await expect(page.getByTestId('subscriptions-total-recurring')).toHaveText('R$8.00');
    const row = page.getByRole('row').filter({ hasText: subscriptionId });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('3 charges');
    await expect(row).toContainText('R$18.00');
    await expect(row).toContainText('R$8.00');
    await shot(page, 'subscriptions-affiliate-desktop');

    // Its charges in the sales list, filtered by the subscription (a filter that can be removed).
    await row.getByRole('link', { name: `Sales of subscription ${subscriptionId}` }).click();
    await expect(page).toHaveURL(/\/vendas\?assinatura=/);
    await expect(page.getByText(`Subscription ${subscriptionId}`)).toBeVisible();
    await expect(page.getByTestId('sales-total-count')).toHaveText('3');
    await expect(page.getByTestId('sales-total-approved')).toHaveText('R$18.00');

    // A renewal's "why": which charge, the first sale it is credited through, and the rule.
    await page.goto(`/vendas/detalhes/${charges[1]?.id}`);
    await expect(page.getByTestId('sale-subscription')).toHaveText(`Charge 2 of subscription ${subscriptionId}`);
    await expect(page.getByTestId('sale-decided-by')).toHaveText('Subscription (its first charge)');
    await expect(page.getByTestId('sale-recurring')).toContainText('Every charge (lifetime)');
    await expect(page.getByTestId('sale-recurring')).toContainText('it earns the campaign’s renewal rate');
    await shot(page, 'sale-renewal-why');
    await page.getByRole('link', { name: `Open the subscription’s first sale, #${charges[0]?.id}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sale #${charges[0]?.id}` })).toBeVisible();
    await expect(page.getByTestId('sale-recurring')).toContainText('The subscription’s first charge');
  });

  test('[ADMIN][SUBSCRIPTIONS] an admin sees everyone’s subscriptions with their affiliate, filters them by campaign and status', async ({
    page,
  }) => {
    const tag = `${Date.now()}`;
    const { campaign, affiliate, subscriptionId } = await seedSubscription(tag);
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/assinaturas');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: campaign.name }).click();
    const row = page.getByRole('row').filter({ hasText: subscriptionId });
    await expect(row).toContainText(`${affiliate.first} ${affiliate.last}`);
    await expect(page.getByTestId('subscriptions-total-active')).toHaveText('1');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Ended' }).click();
    await expect(page.getByText('No subscriptions for these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await expect(row).toBeVisible();
    await shot(page, 'subscriptions-admin-desktop');
    await row.getByRole('link', { name: `Sales of subscription ${subscriptionId}` }).click();
    await expect(page).toHaveURL(/\/admin\/vendas\/visao-geral\?assinatura=/);
    await expect(page.getByTestId('sales-total-count')).toHaveText('3');
    // Removing the subscription filter shows more than its charges again.
    await page.getByRole('button', { name: 'Show every subscription’s sales' }).click();
    await expect(page.getByText(`Subscription ${subscriptionId}`)).toHaveCount(0);
  });

  test('[AFFILIATE][SUBSCRIPTIONS] at 390 px the subscriptions list is cards, nothing scrolls sideways, and a card leads to its sales', async ({
    page,
  }) => {
    const tag = `${Date.now()}`;
    const { affiliate, subscriptionId } = await seedSubscription(tag);
    await page.setViewportSize(PHONE);
    await useSession(page, affiliate.email, affiliate.password);
    await page.goto('/assinaturas');
    const card = page.getByTestId('record-card').filter({ hasText: subscriptionId });
    await expect(card).toBeVisible();
    await expect(card).toContainText('From renewals');
    await expect(card).toContainText('R$8.00');
    await expect(page.getByTestId('subscriptions-total-recurring')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'subscriptions-affiliate-phone');
    await card.getByRole('link', { name: `Sales of subscription ${subscriptionId}` }).click();
    await expect(page.getByTestId('sales-total-count')).toHaveText('3');
  });
});
