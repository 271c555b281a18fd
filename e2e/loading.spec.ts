import { expect, type Page, test } from '@playwright/test';
import { ADMIN, createQuietAffiliate, useSession } from './support/api';

test.describe('[LOADING]', () => {
  test('[SHELL] a signed-in page fetches each script and stylesheet once, and no preload goes unused', async ({
    page,
  }) => {
    const fetched = new Map<string, number>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/assets/')) fetched.set(path, (fetched.get(path) ?? 0) + 1);
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Chromium says a preload went unused a few seconds after the load event.
    await page.waitForTimeout(3_500);
    expect([...fetched].filter(([, times]) => times > 1)).toEqual([]);
    expect([...fetched.keys()].some((path) => path.endsWith('.css'))).toBe(true);
    expect(warnings).toEqual([]);
  });

  test('[SHELL] an affiliate’s home is fully styled before Mantine’s full sheet, which comes after it has painted and before any other screen', async ({
    page,
  }) => {
    const person = await createQuietAffiliate('Folha', `Estilos${Date.now()}`);
    // The full sheet is the stylesheet with the rules of a component the home never shows (Timeline).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fullSheets: string[] = [];
    await page.route(/\/assets\/.*\.css$/, async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes(TIMELINE_CLASS)) {
        fullSheets.push(route.request().url());
        await held;
      }
      await route.fulfill({ response });
    });
    await useSession(page, person.email, person.password);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      // The figures have come: the cards show their amounts.
      await expect(page.getByText('Available balance')).toBeVisible();
      await expect(page.getByText('R$0.00').first()).toBeVisible();
      // Asked for once the home has painted, and still held: everything on screen has its rules.
      await expect.poll(() => fullSheets.length).toBeGreaterThan(0);
      expect(await classesWithoutRules(page)).toEqual([]);
      await page.getByRole('button', { name: /Folha/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await classesWithoutRules(page)).toEqual([]);
      await page.keyboard.press('Escape');
    }
    // Another screen waits for the full sheet rather than showing components without their styles.
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeHidden();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(await classesWithoutRules(page)).toEqual([]);
  });
});

/** The first class of Mantine's Timeline in its sheet (`@mantine/core/styles/Timeline.css`). */
const TIMELINE_CLASS = '.m_43657ece';

/** Mantine's classes (`m_…`) on the page that no loaded stylesheet has a rule for. */
function classesWithoutRules(page: Page) {
  return page.evaluate(() => {
    const defined = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const name of rule.selectorText.match(/m_[0-9a-f]+/g) ?? []) defined.add(name);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const used = new Set(
      Array.from(document.querySelectorAll('[class]')).flatMap((element) =>
        Array.from(element.classList).filter((name) => /^m_[0-9a-f]+$/.test(name)),
      ),
    );
    return [...used].filter((name) => !defined.has(name));
  });
}
