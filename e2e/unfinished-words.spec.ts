import { expect, type Page, test } from '@playwright/test';
import { paths, type ScreenKey } from '../web/src/app/paths';
import { en } from '../web/src/i18n/locales/en';
import { enApp } from '../web/src/i18n/locales/en-app';
import { pt } from '../web/src/i18n/locales/pt';
import {
  ADMIN,
  affiliateOf,
  apiSignIn,
  call,
  createCampaign,
  createQuietAffiliate,
  useSession as startSignedIn,
} from './support/api';

/**
 * Every screen of both roles, in both complete languages, shows words: no raw translation key
 * (`metrics.level`) and no field name as a column header (`notification_title`, `user`).
 */

type Messages = { [key: string]: string | Messages };

/** Every key path of the translation files, leaves and branches, plurals also without their suffix. */
function keyPaths(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const bare = path.replace(/_(zero|one|two|few|many|other)$/, '');
    return typeof value === 'string' ? [path, bare] : [path, ...keyPaths(value, path)];
  });
}
const KEYS = new Set([...keyPaths(en), ...keyPaths(enApp), ...keyPaths(pt as Messages)]);
/** `metrics.level` is a key even when the files lack it (that is how it reaches the screen). */
const NAMESPACES = new Set([...Object.keys(en), ...Object.keys(enApp)]);
const isKey = (text: string) => KEYS.has(text) || NAMESPACES.has(text.split('.')[0] ?? '');

type Role = 'admin' | 'affiliate' | 'public';
const roleOf = (path: string): Role | 'none' =>
  path === paths.logout
    ? 'none'
    : path.startsWith('/admin')
      ? 'admin'
      : path.startsWith('/auth') || path === paths.notFound
        ? 'public'
        : 'affiliate';

/** What the page shows that is not a word: raw keys in its text, field names over its columns. */
async function unfinishedWords(page: Page): Promise<string[]> {
  const { texts, headers } = await page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (text && parent?.checkVisibility({ visibilityProperty: true }) && !parent.closest('script, style')) {
        texts.push(text);
      }
    }
    for (const element of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    const headers = [...document.querySelectorAll<HTMLElement>('th, [role="columnheader"]')]
      .filter((th) => th.checkVisibility())
      .map((th) => (th.textContent ?? '').trim());
    return { texts, headers };
  });
  const found = new Set<string>();
  for (const text of texts) {
    if (KEYS.has(text)) found.add(`key: ${text}`);
    for (const [match] of text.matchAll(/\b[a-z]+(\.[a-zA-Z_]+)+\b/g)) {
      if (isKey(match)) found.add(`key: ${match}`);
    }
  }
  for (const header of headers) {
    if (/^[a-z]+(_[a-z]+)*$/.test(header)) found.add(`column header: ${header}`);
  }
  return [...found];
}

/** The screen has drawn its data: its heading is up and nothing is still loading. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root:visible, .mantine-Loader-root:visible')).toHaveCount(0);
  await expect(page.locator('.mantine-datatable-loader-fetching')).toHaveCount(0);
  // A table draws its rows the frame after its data arrives.
  await page.waitForTimeout(150);
}

type Ids = Partial<Record<ScreenKey, Record<string, string | number>>>;

/** The concrete URL of a route; a route with parameters and no ids fails, so new routes are covered. */
function urlOf(key: ScreenKey, ids: Ids): string {
  const path = paths[key];
  if (!path.includes(':')) return path;
  const params = ids[key];
  if (!params) throw new Error(`no ids for ${key} (${path}): add them to the seed of this test`);
  return path.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
}

const LANGUAGES = [
  { code: 'en', settings: null },
  { code: 'pt', settings: { language: 'pt' } },
] as const;

let ids: Ids = {};
let affiliate: { email: string; password: string };

test.describe('[I18N] no unfinished words on any screen', () => {
  test.describe.configure({ mode: 'parallel' });

  test.beforeAll(async () => {
    // One of everything, so lists, details and tables have rows to label.
    const stamp = Date.now();
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const level = await call<{ id: number }>('/levels', {
      token: admin,
      body: { name: `Nível Palavras ${stamp}`, rank: 500 + (stamp % 400), commission_bps: 500, min_sales_cents: 0 },
    });
    const network = await call<{ id: number }>('/networks', { token: admin, body: { name: `Rede Palavras ${stamp}` } });
    affiliate = await createQuietAffiliate('Palavras', `Inteiras${stamp}`);
    const { id: affiliateId, code } = await affiliateOf(affiliate.email);
    await call(`/affiliates/${affiliateId}`, { method: 'PATCH', token: admin, body: { level_id: level.id } });
    await call(`/networks/${network.id}/affiliates`, { token: admin, body: { affiliate_id: affiliateId } });
    const campaign = await createCampaign(`Palavras ${stamp}`, { commission_type: 'fixed', commission_value: 5_000 });
    const sale = await call<{ id: number }>('/sales', {
      token: admin,
      body: {
        campaign_id: campaign.id,
        affiliate_code: code,
        amount_cents: 30_000,
        payment_method: 'pix',
        origin: 'app',
        status: 'approved',
      },
    });
    const mine = await apiSignIn(affiliate.email, affiliate.password);
    await call('/me', { method: 'PATCH', token: mine, body: { pix_key: { type: 'email', key: affiliate.email } } });
    await call('/links', { token: mine, body: { campaign_id: campaign.id } });
    await call('/redemptions', {
      token: mine,
      body: { amount_cents: 2_000, method: 'pix' },
    });
    const users = await call<{ items: { id: number; email: string }[] }>(
      `/users?q=${encodeURIComponent(affiliate.email)}`,
      { token: admin },
    );
    const userId = users.items[0]?.id ?? 0;
    ids = {
      campaignDetails: { id: campaign.id },
      saleDetails: { id: sale.id },
      adminNetworkDetails: { id: network.id },
      adminNetworkSales: { id: network.id },
      adminNetworkAddAffiliate: { id: network.id },
      adminNetworkEdit: { id: network.id },
      adminUserEdit: { id: userId },
      adminAffiliateDelete: { id: affiliateId },
      adminAffiliateEdit: { id: affiliateId },
      adminLevelEdit: { id: level.id },
      adminCampaignEdit: { id: campaign.id },
      authResetPassword: { token: 'a-link-that-was-never-sent' },
    };
  });

  for (const language of LANGUAGES) {
    for (const role of ['admin', 'affiliate', 'public'] as const) {
      test(`[I18N] every ${role} screen in ${language.code} shows words, not keys or field names`, async ({ page }) => {
        // Every screen of a role in one journey: it grows with the screens.
        test.setTimeout(360_000);
        if (role === 'admin') await startSignedIn(page, ADMIN.email, ADMIN.password);
        if (role === 'affiliate') await startSignedIn(page, affiliate.email, affiliate.password);
        if (language.settings) {
          await page.addInitScript((s) => localStorage.setItem('settings', JSON.stringify(s)), language.settings);
        }
        // An admin sees the main layout's screens too.
        const keys = (Object.keys(paths) as ScreenKey[]).filter((key) => {
          const owner = roleOf(paths[key]);
          return owner === role || (role === 'admin' && owner === 'affiliate');
        });
        const problems: string[] = [];
        for (const key of keys) {
          const url = urlOf(key, ids);
          await page.goto(url);
          await settle(page);
          for (const problem of await unfinishedWords(page)) problems.push(`${url}: ${problem}`);
        }
        expect(problems).toEqual([]);
      });
    }
  }
});
