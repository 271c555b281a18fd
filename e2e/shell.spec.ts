import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  adminGet,
  createApprovedAffiliate,
  createPendingAffiliate,
  createQuietAffiliate,
  signInThroughForm,
  useSession,
} from './support/api';
import { framesAbout, watchLogStream } from './support/log-stream';

const rootAttributes = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    return {
      class: root.getAttribute('class'),
      dir: root.getAttribute('dir'),
      theme: root.getAttribute('data-color-theme'),
      layout: root.getAttribute('data-layout'),
      boxed: root.getAttribute('data-boxed-layout'),
      sidebar: root.getAttribute('data-sidebar-type'),
    };
  });

type LogEntry = { user: Record<string, string>; notification: Record<string, unknown>; timestamp: string };
type EventEntry = { name: string; params: Record<string, unknown>; user_id: number };

/**
 * Signs the shared admin in and waits until this page's notification stream is open. Other journeys'
 * admin tabs take a notification made before that (each is sent to every open stream, and a waiting
 * one only to the first to connect), so a toast expected here needs this stream listening first.
 */
async function signInAsAdmin(page: Page) {
  const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/v1/notifications/stream'));
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect((await streamOpen).status()).toBe(200);
}

test.describe('[SHELL] presentation settings of SPEC.md §1 and §4', () => {
  test('[SHELL] the defaults are on the document root', async ({ page }) => {
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(await rootAttributes(page)).toEqual({
      class: 'light',
      dir: 'ltr',
      theme: 'Afiliados',
      layout: 'vertical',
      boxed: 'boxed',
      sidebar: 'full',
    });
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
    const card = page.locator('.mantine-Card-root').first();
    await expect(card).toHaveCSS('border-radius', '12px');
    expect(await card.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  });

  test('[SHELL] each setting changes its attribute and survives a reload', async ({ page }) => {
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await page.getByRole('button', { name: 'Presentation settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Presentation settings' });
    await drawer.getByRole('radio', { name: 'Violeta' }).click();
    await drawer.getByText('Dark', { exact: true }).click();
    await drawer.getByText('Right to left').click();
    await drawer.getByText('Horizontal').click();
    await drawer.getByText('Full width').click();
    await drawer.getByText('Collapsed').click();
    await drawer.getByLabel('Card shadow').click();
    expect(await rootAttributes(page)).toEqual({
      class: 'dark',
      dir: 'rtl',
      theme: 'Violeta',
      layout: 'horizontal',
      boxed: 'full',
      sidebar: 'mini-sidebar',
    });
    await page.keyboard.press('Escape');
    const card = page.locator('.mantine-Card-root').first();
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el).boxShadow)).toBe('none');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(await rootAttributes(page)).toMatchObject({
      class: 'dark',
      dir: 'rtl',
      theme: 'Violeta',
      layout: 'horizontal',
      boxed: 'full',
    });
    await expect(page.locator('.mantine-Card-root').first()).toHaveCSS('box-shadow', 'none');

    await page.getByRole('button', { name: 'Presentation settings' }).click();
    await page.getByRole('button', { name: 'Restore the defaults' }).click();
    expect(await rootAttributes(page)).toEqual({
      class: 'light',
      dir: 'ltr',
      theme: 'Afiliados',
      layout: 'vertical',
      boxed: 'boxed',
      sidebar: 'full',
    });
  });

  test('[SHELL] choosing Arabic turns the portal right to left, mirrored, and it persists', async ({ page }) => {
    // The language menu saves the account's language: a person of this test's own, not the shared admin.
    const affiliate = await createQuietAffiliate('Direcao', `Rtl${Date.now()}`);
    await useSession(page, affiliate.email, affiliate.password);
    await page.goto('/');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'الرئيسية' })).toBeVisible();
    expect((await rootAttributes(page)).dir).toBe('rtl');
    const viewport = page.viewportSize()?.width ?? 1280;
    const navbar = await page.locator('.mantine-AppShell-navbar').boundingBox();
    expect((navbar?.x ?? 0) + (navbar?.width ?? 0) / 2).toBeGreaterThan(viewport / 2);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'الرئيسية' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect(page.getByRole('link', { name: 'Gerador de links' })).toBeVisible();
  });

  test('[SHELL] French and Chinese translate every menu label', async ({ page }) => {
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.addInitScript(() => localStorage.setItem('settings', JSON.stringify({ language: 'fr' })));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Approuver les affiliés' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Aperçu des ventes' })).toBeVisible();
  });

  test('[SHELL] on a phone the menu is a drawer', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Campaigns' });
    await expect(link).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    await expect(link).not.toBeInViewport();
    await context.close();
  });
});

test.describe('[SHELL][NOTIFICATIONS] SPEC.md §3, §4, §7 and §8', () => {
  test('[SHELL] a live event becomes a toast and a bell item, and is logged with the exact shapes', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const userState = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    const newcomer = await createPendingAffiliate('Notificada', `Pessoa${Date.now()}`);

    const toast = page.locator('.mantine-Notification-root').filter({ hasText: newcomer.last });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('New registration');
    await expect(page.getByRole('button', { name: /Notifications \(\d+\)/ })).toBeVisible();
    // The toast lies below the header: the header's buttons stay within reach of a pointer.
    const header = await page.getByRole('banner').boundingBox();
    const toastBox = await toast.boundingBox();
    expect(toastBox?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    await page.getByRole('button', { name: /Notifications \(\d+\)/ }).click({ trial: true });
    // The other corners' toast containers cover nothing: the table's right-hand side stays clickable.
    for (const corner of await page.locator('.mantine-Notifications-root[data-position^="bottom"]').all()) {
      expect((await corner.boundingBox())?.height ?? 0).toBeLessThan(200);
    }

    let log: LogEntry | undefined;
    await expect
      .poll(async () => {
        const page1 = await adminGet<{ items: LogEntry[] }>(`/logs?q=${encodeURIComponent(newcomer.last)}`);
        log = page1.items[0];
        return Boolean(log);
      })
      .toBe(true);
    const entry = log as LogEntry;
    expect(Object.keys(entry.user).sort()).toEqual(['afiliado_id', 'codigo_afiliado', 'email', 'id']);
    expect(entry.user).toEqual({
      afiliado_id: userState.afiliado_id,
      codigo_afiliado: userState.codigo_afiliado,
      email: userState.email,
      id: userState.id,
    });
    expect(entry.notification.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry.notification).toMatchObject({ title: 'New registration', kind: 'affiliate.registered' });
    expect(String(entry.notification.text)).toContain(newcomer.last);
    expect(Number.isNaN(Date.parse(entry.timestamp))).toBe(false);

    let event: EventEntry | undefined;
    await expect
      .poll(async () => {
        const events = await adminGet<{ items: EventEntry[] }>(
          `/analytics/events?q=${encodeURIComponent(newcomer.last)}`,
        );
        // Other admins' browsers may log the same event: take the one made with this log document.
        event = events.items.find((e) => e.params.timestamp === new Date(entry.timestamp).toISOString());
        return Boolean(event);
      })
      .toBe(true);
    expect(event?.name).toBe('notification_activated');
    expect(Object.keys(event?.params ?? {}).sort()).toEqual([
      'notification_text',
      'notification_title',
      'timestamp',
      'user_id',
    ]);
    expect(event?.params).toMatchObject({
      user_id: userState.id_rede,
      notification_title: 'New registration',
      notification_text: entry.notification.text,
      timestamp: new Date(entry.timestamp).toISOString(),
    });

    // By keyboard: toasts of other journeys' registrations may lie over the header's buttons.
    await page.getByRole('button', { name: /Notifications \(\d+\)/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(newcomer.last);
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  });

  test('[SHELL] when writing the log fails, only the console says so', async ({ page }) => {
    const stream = watchLogStream(page);
    await signInAsAdmin(page);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') messages.push(message.text());
    });
    // The store only accepts a log about the signed-in user: this one is about someone else.
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      localStorage.setItem('user', JSON.stringify({ ...user, id: '999999' }));
    });
    const newcomer = await createPendingAffiliate('Falha', `Log${Date.now()}`);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: newcomer.last })).toBeVisible();
    await expect.poll(() => messages.find((m) => m.startsWith('Erro ao registrar log: '))).toBeTruthy();
    // Only the spec's words: a refusal on the write stream leaves no browser message of its own.
    expect(messages.filter((m) => !m.startsWith('Erro ao registrar log: '))).toEqual([]);
    // The person sees nothing about it: only the notification itself (other journeys' notifications
    // may arrive as toasts too, so look for the failure's words rather than for no alert at all).
    await expect(page.getByText(/registrar log|refused the write/)).toHaveCount(0);
    // The store refused it on the write stream (403); other admins' browsers may log the same event,
    // this browser's write must not be stored.
    await expect.poll(() => framesAbout(stream, newcomer.last).logAnswer?.status).toBe(403);
    const { logNotificationId } = framesAbout(stream, newcomer.last);
    expect(logNotificationId).toBeTruthy();
    const logs = await adminGet<{ items: LogEntry[] }>(`/logs?q=${encodeURIComponent(newcomer.last)}`);
    expect(logs.items.filter((entry) => entry.notification.id === logNotificationId)).toEqual([]);
  });

  test('[SHELL] a notification shown when nobody is signed in is not logged', async ({ page }) => {
    const stream = watchLogStream(page);
    await signInAsAdmin(page);
    // The session ends while the stream is still open: the next notification is shown, not logged.
    await page.evaluate(() => sessionStorage.removeItem('token'));
    const newcomer = await createPendingAffiliate('Sem', `Sessao${Date.now()}`);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: newcomer.last })).toBeVisible();
    await page.waitForTimeout(1000);
    // Other journeys' notifications may reach this admin before the session ends, and be logged
    // rightly: only a write about this newcomer would be wrong.
    expect(stream.frames.filter((frame) => JSON.stringify(frame.body).includes(newcomer.last))).toEqual([]);
  });

  test('[SHELL] notifications that arrived while away are shown at the next sign-in', async ({ page }) => {
    const affiliate = await createApprovedAffiliate('Ausente', `Pessoa${Date.now()}`);
    await signInThroughForm(page, affiliate.email, affiliate.password);
    // The approval happened before this first sign-in: it waited and now arrives.
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Registration approved' })).toBeVisible();
  });
});

test.describe('[ACCOUNT] and [CONTACT]', () => {
  test('[ACCOUNT] an affiliate edits names, saves a PIX key by type and sees the header follow', async ({ page }) => {
    const affiliate = await createApprovedAffiliate('Clara', 'Nunes');
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto('/conta');
    await page.getByLabel('First name').fill('Clara Maria');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your changes were saved.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clara Maria Nunes' })).toBeVisible();

    await page.getByRole('textbox', { name: 'PIX key', exact: true }).fill('123.456.789-00');
    await page.getByRole('button', { name: 'Save PIX key' }).click();
    await expect(page.getByText('This is not a valid key of the chosen type.')).toBeVisible();
    await page.getByRole('textbox', { name: 'PIX key', exact: true }).fill('529.982.247-25');
    await page.getByRole('button', { name: 'Save PIX key' }).click();
    await expect(page.getByText('Your PIX key was saved.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'PIX key', exact: true })).toHaveValue('52998224725');
  });

  test('[ACCOUNT] an affiliate uploads a photo and the header shows it', async ({ page }) => {
    const affiliate = await createApprovedAffiliate('Foto', 'Perfil');
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto('/conta');
    // A 1x1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Your photo was updated.')).toBeVisible();
    await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', /\/api\/v1\/avatars\/\d+\?v=\d+/);
  });

  test('[CONTACT] an affiliate writes to the programme and an admin is told live', async ({ browser }) => {
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    const affiliate = await createApprovedAffiliate('Contato', 'Teste');
    const page = await (await browser.newContext()).newPage();
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await page.getByRole('link', { name: 'Contact us' }).click();
    const subject = `Comissão do boleto ${Date.now()}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Quando a comissão de boleto fica disponível?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('Message sent');
    await expect(admin.locator('.mantine-Notification-root').filter({ hasText: subject })).toBeVisible();
  });
});
