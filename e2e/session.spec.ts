import { expect, type Page, test } from '@playwright/test';
import { ADMIN, createApprovedAffiliate, createPendingAffiliate, signInThroughForm } from './support/api';
import { E2E_BASE_URL } from './support/constants';

// The issue "Hardening", point 3: sessions end when people end them, in the browser as on the server.

const EMPTY_USER_STATE = {
  afiliado_id: '',
  email: '',
  id: '',
  id_rede: '',
  nome: '',
  sobrenome: '',
  avatar: '',
  codigo_afiliado: '',
  nivel_afiliado: '',
};

const storage = (page: Page) =>
  page.evaluate(() => ({
    token: sessionStorage.getItem('token'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null'),
  }));

/** A token the browser can read (it checks no signature) whose `exp` passed a minute ago. */
function expiredToken() {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 60;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', role: 'Afiliado', exp, ver: 0 })}.c2lnbmF0dXJl`;
}

async function signOutThroughMenu(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

test.describe('[AUTH][SESSION] sign-out and the session lifecycle', () => {
  test('[AUTH][SESSION] /logout typed in the address bar ends the session, and the server refuses the old token', async ({
    page,
  }) => {
    const affiliate = await createApprovedAffiliate('Saida', 'Digitada');
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const { token } = await storage(page);
    expect(token).toBeTruthy();

    const revoked = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/auth/logout') && response.request().method() === 'POST',
    );
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await storage(page)).toEqual({ token: null, user: EMPTY_USER_STATE });
    const logoutCall = await revoked;
    expect(logoutCall.status()).toBe(204);
    expect(await logoutCall.request().headerValue('authorization')).toBe(`Bearer ${token}`);

    // Point 3 of the issue, the server's half: the token is refused on every route after sign-out.
    const me = await fetch(`${E2E_BASE_URL}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
  });

  test('[AUTH][SESSION] /logout reloaded, or opened with no token left, still leaves an empty user state', async ({
    page,
  }) => {
    const affiliate = await createApprovedAffiliate('Saida', 'Recarregada');
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

    // The sign-out screen's code is slow to come: the person reloads while still on /logout.
    let isHeld = true;
    await page.route(/\/assets\/logout-[\w-]+\.js$/, async (route) => {
      if (isHeld) return; // never answered: this load stays on /logout
      await route.continue();
    });
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/logout$/);
    isHeld = false;
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await storage(page)).toEqual({ token: null, user: EMPTY_USER_STATE });

    // A new tab: the token went with the last one, the user state stayed in local storage.
    const user = { ...EMPTY_USER_STATE, email: affiliate.email, nome: 'Saida', id: '123' };
    await page.evaluate((saved) => localStorage.setItem('user', JSON.stringify(saved)), user);
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await storage(page)).toEqual({ token: null, user: EMPTY_USER_STATE });
    // No way back to /logout after the next sign-in: it goes home.
    await page.getByLabel('Email').fill(affiliate.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(affiliate.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('[AUTH][SESSION] sign-out completes in the browser when the server cannot be reached', async ({ page }) => {
    const affiliate = await createApprovedAffiliate('Saida', 'Offline');
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.route('**/api/v1/auth/logout', (route) => route.abort('connectionrefused'));
    await signOutThroughMenu(page, 'Saida Offline');
    expect(await storage(page)).toEqual({ token: null, user: EMPTY_USER_STATE });
  });

  test('[AUTH][SESSION] a GET /me that answers after sign-out writes nothing back', async ({ page }) => {
    const affiliate = await createApprovedAffiliate('Resposta', 'Atrasada');
    // The header's refresh of the user state is held until after the sign-out (the server stays real).
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let delivered = () => {};
    const isDelivered = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    await page.route('**/api/v1/me', async (route) => {
      try {
        const response = await route.fetch();
        await released;
        await route.fulfill({ response });
      } catch {
        // The browser gave the request up (the session ended): nothing to deliver.
      } finally {
        delivered();
      }
    });
    await signInThroughForm(page, affiliate.email, affiliate.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await signOutThroughMenu(page, 'Resposta Atrasada');
    expect(await storage(page)).toEqual({ token: null, user: EMPTY_USER_STATE });

    release();
    await isDelivered;
    // Give the page every chance to (wrongly) handle the late answer.
    await page.waitForTimeout(500);
    expect(await storage(page)).toEqual({ token: null, user: EMPTY_USER_STATE });
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("[AUTH][NOTIFICATIONS] the next person in the same tab does not see the previous one's notifications", async ({
    page,
  }) => {
    const affiliate = await createApprovedAffiliate('Proxima', `Pessoa${Date.now()}`);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const newcomer = await createPendingAffiliate('SoDoAdmin', `Aviso${Date.now()}`);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: newcomer.last })).toBeVisible();
    await page.getByRole('button', { name: /Notifications \(\d+\)/ }).click();
    await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(newcomer.last);
    await page.keyboard.press('Escape');

    const admin = (await storage(page)).user;
    await signOutThroughMenu(page, `${admin.nome} ${admin.sobrenome}`.trim() || 'Account');
    // The same tab, no reload: the next person signs in on the screen sign-out left.
    await page.getByLabel('Email').fill(affiliate.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(affiliate.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // Their own notification (the approval, which waited for this first sign-in) arrives...
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Registration approved' })).toBeVisible();
    // ...and nothing of the admin's, neither as a toast nor in the bell.
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: newcomer.last })).toHaveCount(0);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list).toContainText('Registration approved');
    await expect(list).not.toContainText(newcomer.last);
    await expect(list.getByRole('listitem')).toHaveCount(1);
  });

  test('[AUTH][SESSION] an expired token is removed on a path change between public pages, which stay put', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.evaluate((token) => sessionStorage.setItem('token', token), expiredToken());

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    expect((await storage(page)).token).toBeNull();

    // Typed in the address bar: the first path of a page load counts too.
    await page.evaluate((token) => sessionStorage.setItem('token', token), expiredToken());
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
    await expect.poll(async () => (await storage(page)).token).toBeNull();
    await expect(page).toHaveURL(/\/auth\/register$/);

    // A protected page still sends the person on to sign-in.
    await page.evaluate((token) => sessionStorage.setItem('token', token), expiredToken());
    await page.goto('/campanhas');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect((await storage(page)).token).toBeNull();
  });
});
