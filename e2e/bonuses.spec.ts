import { expect, test } from '@playwright/test';
import { ADMIN, createApprovedAffiliate, useSession } from './support/api';
import { expectNoSideScroll } from './support/layout';

// Issue 30, point 4: an admin sets a goal and pays a one-off bonus; the affiliate sees both on her
// home, in Portuguese on a phone.
test.describe('[ADMIN][BONUSES]', () => {
  test('[ADMIN][BONUSES] an admin creates a performance bonus and pays a one-off bonus; the affiliate sees her progress and the bonus on a phone', async ({
    browser,
    page,
  }) => {
    const stamp = Date.now();
    const goal = `Meta relâmpago ${stamp}`;
    const person = await createApprovedAffiliate('Bruna', `Bônus${stamp}`);
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/bonus');
    await expect(page.getByRole('heading', { name: 'Bonuses', level: 1 })).toBeVisible();

    // A performance bonus: two approved sales, R$ 1.234,56, from today over 30 days.
    await page.getByRole('button', { name: 'New bonus' }).click();
    const form = page.getByRole('dialog', { name: 'New bonus' });
    await form.getByRole('button', { name: 'New bonus' }).click();
    await expect(form.getByText('Use at least 3 characters')).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill(goal);
    await form.getByRole('textbox', { name: 'Approved sales to reach' }).fill('2');
    await form.getByRole('textbox', { name: 'Bonus amount' }).fill('1.234,56');
    await form.getByRole('button', { name: 'New bonus' }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: goal });
    await expect(row).toContainText('2 approved sales');
    await expect(row).toContainText('R$1,234.56');
    await expect(row).toContainText('Running');

    // A one-off bonus to the new affiliate, found by her name.
    const grant = page.getByRole('form', { name: 'One-off bonus' });
    await grant.getByRole('combobox', { name: 'Affiliate' }).fill(`Bônus${stamp}`);
    await page.getByRole('option', { name: new RegExp(`Bruna Bônus${stamp}`) }).click();
    await grant.getByRole('textbox', { name: 'Bonus amount' }).fill('150,00');
    await grant.getByRole('textbox', { name: 'Reason' }).fill('Melhor vídeo da semana');
    await grant.getByRole('button', { name: 'Pay bonus' }).click();
    await expect(grant.getByText(`R$150.00 paid to Bruna Bônus${stamp}.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Bruna Bônus${stamp}` })).toContainText(
      'One-off: Melhor vídeo da semana',
    );

    // Her home, in Portuguese at 390 px: the goal with her progress, and the bonus paid.
    const phone = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
    const home = await phone.newPage();
    await useSession(home, person.email, person.password);
    await home.goto('/');
    const card = home.getByText('Seus bônus').locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")]');
    const line = card.getByTestId('bonus-progress').filter({ hasText: goal });
    await expect(line).toContainText('0 de 2 vendas aprovadas.');
    await expect(line).toContainText('R$ 1.234,56');
    await expect(card.getByTestId('bonus-last-award')).toContainText(
      'Último bônus: R$ 150,00 por “Melhor vídeo da semana”',
    );
    await expectNoSideScroll(home);
    await home.screenshot({ path: test.info().outputPath('bonus-home-390.png'), fullPage: true });
    await phone.close();
  });
});
