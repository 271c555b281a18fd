import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, affiliateOf, createCampaign, uniqueEmail, useSession } from './support/api';
import { expectNoSideScroll } from './support/layout';

/** Serious and critical axe findings (WCAG 2.1 A and AA) on the page as it stands. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// Issue 30, point 1: the admin writes the public programme page and its questions; a visitor on a
// phone reads it in Portuguese and applies; the admin reads the answers where she decides. The
// questions are optional: the page is the whole programme's, and other journeys register meanwhile.
test.describe('[PROGRAMME]', () => {
  test('[ADMIN][PROGRAMME] an admin writes the programme page; a visitor applies from /programa on a phone; the answers reach the approvals queue and the affiliate page', async ({
    browser,
    page,
  }) => {
    const stamp = Date.now();
    const name = `Programa Vitrine ${stamp}`;
    const campaign = `Vitrine ${stamp}`;
    await createCampaign(campaign, { commission_type: 'percent', commission_value: 9_700 });

    // The settings screen: name, pitch, one FAQ item, two questions (a choice and a link).
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/programa');
    await expect(page.getByRole('heading', { name: 'Programme page', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Programme name' }).fill(name);
    await page.getByRole('textbox', { name: 'Pitch' }).fill('Ganhe 97% em cada venda da vitrine.');
    await page.getByRole('button', { name: 'Add a question and answer' }).click();
    await page.getByRole('textbox', { name: 'Question', exact: true }).last().fill('Quando recebo?');
    await page.getByRole('textbox', { name: 'Answer', exact: true }).last().fill('Todo mês, por PIX.');
    const questions = page.getByRole('textbox', { name: 'Question for applicants' });
    const before = await questions.count();
    await page.getByRole('button', { name: 'Add a question', exact: true }).click();
    await questions.nth(before).fill(`Onde você divulga? ${stamp}`);
    await page.getByRole('combobox', { name: 'Kind of answer' }).last().click();
    await page.getByRole('option', { name: 'Choice' }).click();
    const options = page.getByRole('textbox', { name: 'Options' }).last();
    await options.fill('Instagram');
    await page.getByRole('button', { name: 'Save the page' }).click();
    // A choice needs two options: said under the box, nothing saved.
    await expect(page.getByText('One option per line').last()).toBeVisible();
    await options.fill('Instagram\nYouTube');
    await page.getByRole('button', { name: 'Add a question', exact: true }).click();
    await questions.nth(before + 1).fill(`Seu canal ${stamp}`);
    await page.getByRole('combobox', { name: 'Kind of answer' }).last().click();
    await page.getByRole('option', { name: 'Link (URL)' }).click();
    await page.getByRole('button', { name: 'Save the page' }).click();
    await expect(page.getByText('Programme page saved.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A visitor, not signed in, in Portuguese at 390 px.
    const phone = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
    const visitor = await phone.newPage();
    await visitor.goto('/programa');
    await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(visitor.getByText('Ganhe 97% em cada venda da vitrine.')).toBeVisible();
    const highlight = visitor.locator('section', { hasText: 'Quanto você ganha' });
    await expect(highlight.getByText(campaign)).toBeVisible();
    await expect(highlight).toContainText('97%');
    await visitor.getByText('Quando recebo?').click();
    await expect(visitor.getByText('Todo mês, por PIX.')).toBeVisible();
    await expectNoSideScroll(visitor);
    expect(await seriousViolations(visitor)).toEqual([]);

    const email = uniqueEmail('vitrine');
    const form = visitor.locator('form');
    await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Vera');
    await form.getByRole('textbox', { name: 'Sobrenome' }).fill(`Vitrine${stamp}`);
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await form.locator('input[type="password"]').fill('senha-vitrine-1');
    await form.getByRole('combobox', { name: `Onde você divulga? ${stamp}` }).selectOption('YouTube');
    await form.getByRole('checkbox').check();
    // A link that is not one is said under its question as she leaves it.
    const channel = form.getByRole('textbox', { name: `Seu canal ${stamp}` });
    await channel.fill('meu canal');
    await channel.press('Tab');
    await expect(form.getByText('Informe um endereço que comece com http:// ou https://')).toBeVisible();
    await channel.fill('https://youtube.com/@vera');
    await expect(form.getByText('Informe um endereço que comece com http:// ou https://')).toBeHidden();
    await visitor.screenshot({ path: test.info().outputPath('programme-390-pt.png'), fullPage: true });
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await expect(visitor.getByRole('heading', { name: 'Cadastro recebido' })).toBeVisible();
    await phone.close();

    // The approvals queue shows her answers beside her name.
    await page.goto('/admin/aprovar-afiliados');
    const row = page.getByRole('row').filter({ hasText: `Vitrine${stamp}` });
    await expect(row).toContainText(`Onde você divulga? ${stamp}`);
    await expect(row).toContainText('YouTube');
    await expect(row.getByRole('link', { name: 'https://youtube.com/@vera' })).toBeVisible();

    // And so does her page.
    const { id } = await affiliateOf(email);
    await page.goto(`/admin/afiliado/editar/${id}`);
    const answers = page.locator('div', { has: page.getByRole('heading', { name: 'Application answers' }) }).last();
    await expect(answers).toContainText(`Seu canal ${stamp}`);
    await expect(answers.getByRole('link', { name: 'https://youtube.com/@vera' })).toBeVisible();
  });
});
