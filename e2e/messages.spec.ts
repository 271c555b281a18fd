import { expect, test } from '@playwright/test';
import { ADMIN, affiliateOf, apiSignIn, call, createApprovedAffiliate, useSession } from './support/api';
import { expectNoSideScroll } from './support/layout';

// Issue 30 point 3: an affiliate writes to the programme, an admin sees the unread count and
// answers, the affiliate sees the answer arrive; an announcement to a network reaches its members.
test.describe('[MESSAGES]', () => {
  test('[AFFILIATE][ADMIN][MESSAGES] an affiliate writes, the admin sees it unread and replies, the reply arrives live', async ({
    browser,
    page,
  }) => {
    const stamp = Date.now();
    const person = await createApprovedAffiliate('Lia', `Conversa${stamp}`);
    await useSession(page, person.email, person.password);
    await page.goto('/mensagens');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByText('No messages yet.', { exact: false })).toBeVisible();
    await page.getByRole('textbox', { name: 'Your message' }).fill('Olá! Quando cai a comissão?\nObrigada.');
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect(log.getByTestId('message')).toHaveCount(1);
    await expect(log).toContainText('Olá! Quando cai a comissão?');
    await expect(log.getByLabel('Sent, not read yet')).toBeVisible();

    // The admin: the inbox shows her conversation with one unread message.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await useSession(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/mensagens');
    await admin.getByRole('textbox', { name: 'Search by name, code or email' }).fill(`Conversa${stamp}`);
    const row = admin.getByTestId('thread-row').filter({ hasText: `Lia Conversa${stamp}` });
    await expect(row).toBeVisible();
    await expect(row.getByLabel('1 unread')).toBeVisible();
    await row.click();
    await expect(admin.getByRole('heading', { level: 2, name: `Lia Conversa${stamp}` })).toBeVisible();
    // Opened, it is read: the unread count goes, and the affiliate sees it read.
    await expect(row.getByLabel('1 unread')).toBeHidden();
    await admin.getByRole('textbox', { name: 'Your answer' }).fill('Oi Lia! Cai amanhã.');
    await admin.getByRole('button', { name: 'Send' }).click();
    await expect(admin.getByRole('log', { name: 'Conversation' }).getByTestId('message')).toHaveCount(2);

    // The affiliate's open page gets the reply without a reload (the notification stream).
    await expect(log.getByTestId('message')).toHaveCount(2, { timeout: 20_000 });
    await expect(log).toContainText('Oi Lia! Cai amanhã.');
    await expect(log.getByText('Programme team')).toBeVisible();
    await expect(log.getByLabel('Read')).toBeVisible();
    await adminContext.close();
  });

  test('[ADMIN][AFFILIATE][ANNOUNCEMENTS] an announcement to a network shows for its member only, and counts her open', async ({
    browser,
    page,
  }) => {
    const stamp = Date.now();
    const member = await createApprovedAffiliate('Rita', `Rede${stamp}`);
    const outsider = await createApprovedAffiliate('Otto', `Fora${stamp}`);
    const token = await apiSignIn(ADMIN.email, ADMIN.password);
    const network = await call<{ id: number }>('/networks', { token, body: { name: `Rede Comunicado ${stamp}` } });
    const { id: memberId } = await affiliateOf(member.email);
    await call(`/networks/${network.id}/affiliates`, { token, body: { affiliate_id: memberId } });

    await useSession(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/comunicados');
    await page.getByRole('combobox', { name: 'Send to' }).click();
    await page.getByRole('option', { name: 'Network' }).click();
    await page.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: `Rede Comunicado ${stamp}` }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill(`Lançamento ${stamp}`);
    await page.getByRole('textbox', { name: 'Message' }).fill('A campanha nova começa segunda.\n\nBoas vendas!');
    await page.getByRole('button', { name: 'Send announcement' }).click();
    await expect(page.getByText('Announcement sent to 1 affiliate.')).toBeVisible();
    const sent = page.getByRole('row').filter({ hasText: `Lançamento ${stamp}` });
    await expect(sent).toContainText(`Network: Rede Comunicado ${stamp}`);

    // The member, on a phone: the badge in the menu, the announcement in its tab; opening it counts.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const memberPage = await phone.newPage();
    await useSession(memberPage, member.email, member.password);
    await memberPage.goto('/mensagens');
    const tab = memberPage.getByRole('tab', { name: /Announcements/ });
    await expect(tab).toContainText('1');
    await tab.click();
    const item = memberPage.getByTestId('announcement').filter({ hasText: `Lançamento ${stamp}` });
    await expect(item).toContainText('New');
    await item.getByRole('button').click();
    await expect(item).toContainText('A campanha nova começa segunda.');
    await expect(item.getByText('New')).toBeHidden();
    await expectNoSideScroll(memberPage);
    await phone.close();

    // The outsider has none of it.
    const other = await browser.newContext();
    const outsiderPage = await other.newPage();
    await useSession(outsiderPage, outsider.email, outsider.password);
    await outsiderPage.goto('/mensagens');
    await outsiderPage.getByRole('tab', { name: /Announcements/ }).click();
    await expect(outsiderPage.getByTestId('announcement').filter({ hasText: `Lançamento ${stamp}` })).toHaveCount(0);
    await other.close();

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: `Lançamento ${stamp}` })).toContainText('1 (100%)');
  });
});
