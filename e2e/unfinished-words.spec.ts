import { expect, type Page, test } from '@playwright/test';
import { paths, type ScreenKey } from '../web/src/app/paths';
import { en } from '../web/src/i18n/locales/en';
import { enApp } from '../web/src/i18n/locales/en-app';
import { enAuth } from '../web/src/i18n/locales/en-auth';
import { enProgramme } from '../web/src/i18n/locales/en-programme';
import { enScreens } from '../web/src/i18n/locales/en-screens';
import { pt } from '../web/src/i18n/locales/pt';
import { ptApp } from '../web/src/i18n/locales/pt-app';
import { ptAuth } from '../web/src/i18n/locales/pt-auth';
import { ptProgramme } from '../web/src/i18n/locales/pt-programme';
import { ptScreens } from '../web/src/i18n/locales/pt-screens';
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
const ENGLISH: Messages[] = [en, enAuth, enApp, enScreens, enProgramme];
const PORTUGUESE: Messages[] = [pt, ptAuth, ptApp, ptScreens, ptProgramme];
const KEYS = new Set([...ENGLISH, ...PORTUGUESE].flatMap((part) => keyPaths(part)));

/** Every text of a translation file. */
const textsOf = (messages: Messages): string[] =>
  Object.values(messages).flatMap((value) => (typeof value === 'string' ? [value] : textsOf(value)));
const PT_TEXTS = new Set(PORTUGUESE.flatMap(textsOf));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The English source of each text the interface says, as a pattern (its {{values}} match anything),
 * left out where Portuguese says the same ("Status", "E-mail", "PIX"): an English text on a
 * Portuguese screen is a string that did not come from the translations.
 */
const ENGLISH_SOURCES = [...new Set(ENGLISH.flatMap(textsOf))]
  // A text of its own words: "{{from}} to {{to}}" has none and would match any sentence with " to ".
  .filter((text) => !PT_TEXTS.has(text) && /[a-z]{3}/.test(text.replace(/\{\{\s*\w+\s*\}\}/g, '')))
  .map(
    (text) =>
      new RegExp(
        `^${text
          .split(/\{\{\s*\w+\s*\}\}/)
          .map(escapeRegExp)
          .join('.+')}$`,
      ),
  );
/** `metrics.level` is a key even when the files lack it (that is how it reaches the screen). */
const NAMESPACES = new Set(ENGLISH.flatMap((part) => Object.keys(part)));
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

/**
 * Every text a person sees or hears on the page: its visible text nodes (outside `skip`) and the
 * placeholders, accessible names and titles of its visible elements.
 */
function visibleTexts(page: Page, skip: string): Promise<string[]> {
  return page.evaluate((skipped) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (text && parent?.checkVisibility({ visibilityProperty: true }) && !parent.closest(skipped)) {
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
    return texts;
  }, skip);
}

/** What the page shows that is not a word: raw keys in its text, field names over its columns. */
async function unfinishedWords(page: Page): Promise<string[]> {
  const texts = await visibleTexts(page, 'script, style');
  const headers = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('th, [role="columnheader"]')]
      .filter((th) => th.checkVisibility())
      .map((th) => (th.textContent ?? '').trim()),
  );
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

/** The English of the libraries the screens are made of, where the portal must give its own words. */
const LIBRARY_ENGLISH = [
  /^(No records|Previous page|Next page|First page|Last page|Select all records|Select record)$/,
  /^(Bold|Italic|Underline|Strikethrough|Clear formatting|Bullet list|Ordered list|Link|Remove link)$/,
  /^(Previous month|Next month|Previous year|Next year|Previous decade|Next decade|Close|Loading\.*)$/,
];

/** Visible texts of a Portuguese screen that are English: a translation missing, or a library's own words. */
async function englishWords(page: Page): Promise<string[]> {
  // Code, and what the server wrote in the account's language when it happened (a notification), left out.
  const texts = await visibleTexts(page, 'script, style, code, pre, [data-server-text]');
  return [
    ...new Set(
      texts.filter(
        (text) =>
          !PT_TEXTS.has(text) &&
          (ENGLISH_SOURCES.some((source) => source.test(text)) || LIBRARY_ENGLISH.some((words) => words.test(text))),
      ),
    ),
  ].map((text) => `English: ${text}`);
}

/**
 * What a phone cuts off: a text clipped by its box (cut without an ellipsis, or a box narrower than
 * its words with nowhere to go) and anything that scrolls sideways (a table wider than the screen).
 */
async function cutOnPhone(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const nameOf = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} “${(element.textContent ?? '').trim().slice(0, 40)}”`;
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      found.add(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    }
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      const sideways = element.scrollWidth > element.clientWidth + 1;
      // A box of 1 px or none is hidden on purpose (a screen reader's label).
      if (!sideways || element.clientWidth <= 1) continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && element.closest('[role="dialog"]') === null) {
        found.add(`scrolls sideways: ${nameOf(element)}`);
        continue;
      }
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (
        ownText &&
        (style.overflowX === 'hidden' || style.overflowX === 'clip') &&
        style.textOverflow !== 'ellipsis'
      ) {
        found.add(`text cut: ${nameOf(element)}`);
      }
    }
    return [...found];
  });
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

// English on a wide screen; Portuguese on a phone (390 px), where its words are also checked for
// English and for being cut.
const LANGUAGES = [
  { code: 'en', settings: null, viewport: null },
  { code: 'pt', settings: { language: 'pt' }, viewport: { width: 390, height: 844 } },
] as const;

/** The screens a role sees, in the order of the route table (an admin sees the main layout's too). */
function screensOf(role: Role): ScreenKey[] {
  return (Object.keys(paths) as ScreenKey[]).filter((key) => {
    const owner = roleOf(paths[key]);
    return owner === role || (role === 'admin' && owner === 'affiliate');
  });
}
const SCREENS_PER_TEST = 12;

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
      // A link no mail carried: the page says so, in words.
      unsubscribe: { token: '00000000-0000-4000-8000-000000000000' },
    };
  });

  for (const language of LANGUAGES) {
    for (const role of ['admin', 'affiliate', 'public'] as const) {
      const screens = screensOf(role);
      // A few screens per test: each stays short on a busy runner, and both workers share a role.
      for (let first = 0; first < screens.length; first += SCREENS_PER_TEST) {
        const part = screens.slice(first, first + SCREENS_PER_TEST);
        const which = `${part[0]} … ${part[part.length - 1]}`;
        const title =
          language.code === 'pt'
            ? `[I18N][PHONE] ${role} screens in pt at 390 px (${which}) show Portuguese words, none cut, nothing sideways`
            : `[I18N] ${role} screens in ${language.code} (${which}) show words, not keys or field names`;
        test(title, async ({ page }) => {
          if (role === 'admin') await startSignedIn(page, ADMIN.email, ADMIN.password);
          if (role === 'affiliate') await startSignedIn(page, affiliate.email, affiliate.password);
          if (language.settings) {
            await page.addInitScript((s) => localStorage.setItem('settings', JSON.stringify(s)), language.settings);
          }
          if (language.viewport) await page.setViewportSize(language.viewport);
          const problems: string[] = [];
          for (const key of part) {
            const url = urlOf(key, ids);
            await page.goto(url);
            await settle(page);
            for (const problem of await unfinishedWords(page)) problems.push(`${url}: ${problem}`);
            if (language.code === 'pt') {
              for (const problem of await englishWords(page)) problems.push(`${url}: ${problem}`);
              for (const problem of await cutOnPhone(page)) problems.push(`${url}: ${problem}`);
            }
          }
          expect(problems).toEqual([]);
        });
      }
    }
  }
});
