import { expect, type Page, test } from '@playwright/test';
import { ADMIN, apiSignIn, call, createCampaign, createQuietAffiliate, useSession } from './support/api';
import { E2E_BASE_URL } from './support/constants';

// Issue 16, point 1: where clicks come from, per link (from the link generator's table), per
// campaign (its details page) and programme-wide (Traffic, under the admin's metrics), in English and
// Portuguese, on a desktop and on a phone. The visits go through the real redirect; the e2e server
// trusts the loopback proxy, so X-Forwarded-For names each visitor's address.

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE = { width: 390, height: 844 };

/** One visit through the link, as a visitor at `ip` with this agent and referrer. */
async function visit(code: string, ip: string, agent: string, referrer?: string) {
  const res = await fetch(`${E2E_BASE_URL}/r/${code}`, {
    redirect: 'manual',
    headers: { 'user-agent': agent, 'x-forwarded-for': ip, ...(referrer ? { referer: referrer } : {}) },
  });
  expect(res.status).toBe(302);
}

/** An affiliate with a link on a fresh campaign, visited from Brazil twice (phones) and the US once (a computer). */
async function visitedLink(language = 'en') {
  const campaign = await createCampaign(`Tráfego ${Date.now()}`);
  const person = await createQuietAffiliate('Trafego', `Pessoa${Date.now()}`, language);
  const token = await apiSignIn(person.email, person.password);
  const link = await call<{ id: number; code: string }>('/links', {
    token,
    body: { campaign_id: campaign.id, utm_source: 'instagram' },
  });
  await visit(link.code, '200.160.2.3', IPHONE, 'https://www.instagram.com/p/abc');
  await visit(link.code, '200.160.2.4', IPHONE, 'https://www.instagram.com/p/abc');
  await visit(link.code, '8.8.4.4', WINDOWS);
  // The clicks are written within a fraction of a second, off the request path.
  await expect
    .poll(async () => {
      const page = await call<{ items: { clicks: number }[] }>(`/metrics/clicks?by=device&link_id=${link.id}`, {
        token,
      });
      return page.items.reduce((sum, i) => sum + i.clicks, 0);
    })
    .toBe(3);
  return { person, campaign, link };
}

/** The row (or, on a phone, the card) of one key in the traffic table. */
const rowOf = (page: Page, name: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })
    .or(page.getByTestId('record-card').filter({ hasText: name }));

test.describe('[TRAFFIC] where clicks come from', () => {
  test('[AFFILIATE][TRAFFIC] a link’s traffic opens from the link generator’s table: countries, then devices', async ({
    page,
  }) => {
    const { person, link } = await visitedLink();
    await useSession(page, person.email, person.password);
    await page.goto('/gerador-links');
    await page.getByRole('button', { name: `Traffic of link ${link.code}` }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: /Traffic of/ })).toBeVisible();
    await expect(rowOf(page, 'Brazil')).toContainText('2');
    await expect(rowOf(page, 'United States')).toContainText('1');
    // A drawer is narrow: the six dimensions are a list to pick from.
    await drawer.getByRole('combobox', { name: 'Group clicks by' }).click();
    await page.getByRole('option', { name: 'Device' }).click();
    await expect(rowOf(page, 'Phone')).toContainText('2');
    await expect(rowOf(page, 'Computer')).toContainText('1');
    await drawer.getByRole('combobox', { name: 'Group clicks by' }).click();
    await page.getByRole('option', { name: 'Referrer' }).click();
    await expect(rowOf(page, 'instagram.com')).toContainText('2');
    await expect(rowOf(page, 'Direct (no referrer)')).toContainText('1');
  });

  test('[AFFILIATE][TRAFFIC] in Portuguese on a 390 px phone, the campaign’s traffic reads as cards without side-scrolling', async ({
    page,
  }) => {
    const { person, campaign } = await visitedLink('pt');
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => localStorage.setItem('settings', JSON.stringify({ language: 'pt' })));
    await useSession(page, person.email, person.password);
    await page.goto(`/campanhas/detalhes/${campaign.id}`);
    await expect(page.getByRole('heading', { name: 'De onde vêm os cliques' })).toBeVisible();
    const brazil = page.getByTestId('record-card').filter({ hasText: 'Brasil' });
    await expect(brazil).toContainText('2');
    await expect(page.getByTestId('record-card').filter({ hasText: 'Estados Unidos' })).toContainText('1');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
  });

  test('[ADMIN][TRAFFIC] Traffic, under the metrics menu, breaks the programme’s clicks down and narrows to one campaign', async ({
    page,
  }) => {
    const { campaign } = await visitedLink();
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await page.getByRole('link', { name: 'Traffic' }).click();
    await expect(page).toHaveURL(/\/admin\/metricas\/trafego$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Traffic' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: campaign.name }).click();
    await expect(rowOf(page, 'Brazil')).toContainText('2');
    await expect(rowOf(page, 'United States')).toContainText('1');
    await page.getByText('UTM source', { exact: true }).click();
    await expect(rowOf(page, 'instagram')).toContainText('3');
  });
});
