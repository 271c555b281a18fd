import { expect, test } from '@playwright/test';
import { ADMIN, latestMailTo, signInThroughForm, uniqueEmail, useSession } from './support/api';

test.describe('[ADMIN][USERS]', () => {
  test('[ADMIN][USERS] an admin registers an affiliate, who chooses a password from the email; the admin suspends and deactivates them', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('convidada');
    const last = `Convidada${Date.now()}`;
    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/usuarios');
    await page.getByRole('link', { name: 'Register user' }).click();
    await page.getByLabel('First name').fill('Lia');
    await page.getByLabel('Last name').fill(last);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Register and send invitation' }).click();
    await expect(page.getByRole('status')).toContainText(`Invitation sent to ${email}.`);
    await page.getByRole('textbox', { name: 'Search by name or email' }).fill(last);
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Affiliate');

    const mail = await latestMailTo(email, 'Seu acesso ao programa de afiliados');
    const link = mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/auth\/resetar-senha\/[\w-]+/)?.[0] ?? '';
    const person = await (await browser.newContext()).newPage();
    await person.goto(link);
    await person.getByRole('textbox', { name: 'New password', exact: true }).fill('senha-da-lia-1');
    await person.getByRole('textbox', { name: 'Confirm the new password' }).fill('senha-da-lia-1');
    await person.getByRole('button', { name: 'Save new password' }).click();
    await signInThroughForm(person, email, 'senha-da-lia-1');
    // Invited in Portuguese (the form's default), she gets the portal in Portuguese: her account's language.
    await expect(person.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();

    // Suspend from the affiliate settings: the person's session ends.
    await page.getByRole('link', { name: `Lia ${last}` }).click();
    await page.getByRole('link', { name: 'Affiliate settings' }).click();
    await page.getByText('Suspended', { exact: true }).click();
    await page.getByRole('button', { name: 'Save affiliate' }).click();
    await expect(page.getByRole('status')).toContainText('Affiliate saved.');
    await expect(page.getByText('status approved → suspended')).toBeVisible();
    await person.goto('/conta');
    await expect(person).toHaveURL(/\/auth\/login$/);

    // Deactivate.
    await page.goBack();
    await page.getByRole('link', { name: 'Deactivate' }).click();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page).toHaveURL(/\/admin\/usuarios$/);
    await expect(page.getByRole('status')).toContainText(`Lia ${last} was deactivated.`);
    await signInThroughForm(person, email, 'senha-da-lia-1');
    // Her sign-in page stays in her last language, Portuguese.
    await expect(person.getByRole('alert')).toContainText('desativada');
  });
});
