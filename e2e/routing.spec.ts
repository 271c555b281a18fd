import { expect, test } from '@playwright/test';
import { ADMIN, createApprovedAffiliate, useSession } from './support/api';
import { holdRequests } from './support/network';

test.describe('[ROUTING] the route table of SPEC.md §2', () => {
  test.beforeEach(async ({ page }) => useSession(page, ADMIN.email, ADMIN.password));

  test('a deep link into the main layout opens its screen', async ({ page }) => {
    await page.goto('/vendas/detalhes/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Sale details' })).toBeVisible();
    await expect(page).toHaveTitle('Sale details · Afiliados');
    await expect(page.getByText('This sale does not exist or is not yours.')).toBeVisible();
  });

  test('a deep link into the admin branch opens its screen', async ({ page }) => {
    await page.goto('/admin/rede-afiliados/editar/3');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit network' })).toBeVisible();
  });

  test('an unknown path goes to /auth/404 and shows the error page', async ({ page }) => {
    await page.goto('/isto/nao/existe');
    await expect(page).toHaveURL(/\/auth\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('/404 shows the error page in the blank layout', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('the public /auth screens open in the blank layout', async ({ page }) => {
    for (const [url, title] of [
      ['/auth/login', 'Sign in'],
      ['/auth/register', 'Create account'],
      ['/auth/forgot-password', 'Forgot password'],
      ['/auth/resetar-senha/abc', 'Reset password'],
      ['/auth/two-steps', 'Two-step verification'],
      // Outside maintenance, its page says the portal is open.
      ['/auth/maintenance', 'The portal is open'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('navigation')).toHaveCount(0);
    }
  });
});

// The affiliate's own screens are in an affiliate's menu (an admin is not offered them).
test.describe('[ROUTING] screens load on demand', () => {
  test.beforeEach(async ({ page }) => {
    const affiliate = await createApprovedAffiliate('Rotas', `Pessoa${Date.now()}`);
    await useSession(page, affiliate.email, affiliate.password);
  });

  test('a second route loads a chunk of its own', async ({ page }) => {
    await page.goto('/campanhas');
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.getByRole('link', { name: 'Sales', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
    await expect(page).toHaveURL(/\/vendas$/);
    expect(scripts.some((path) => /\/assets\/sales-[\w-]+\.js$/.test(path))).toBe(true);
  });

  test('a slow screen shows the spinner while its chunk loads', async ({ page }) => {
    await page.goto('/campanhas');
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    const release = await holdRequests(page, /\/assets\/link-generator-[\w-]+\.js$/);
    await page.getByRole('link', { name: 'Link generator' }).click();
    await expect(page.getByTestId('screen-spinner')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Link generator' })).toBeVisible();
    await expect(page.getByTestId('screen-spinner')).toHaveCount(0);
  });
});
