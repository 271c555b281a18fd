import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL, MERCHANT_URL } from './constants';

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password-1' };
const MAIL_DIR = '.tmp/e2e-mail';

export async function call<T>(
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const res = await fetch(`${E2E_BASE_URL}/api/v1${path}`, {
    method: options.method ?? (options.body ? 'POST' : 'GET'),
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  if (!res.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export async function apiSignIn(email: string, password: string): Promise<string> {
  return (await call<{ token: string }>('/auth/login', { body: { email, password } })).token;
}

let counter = 0;
/** A unique email per call, so journeys running side by side never meet. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${process.pid}-${++counter}@e2e.test`;
}

/** A registration waiting for approval. */
export async function createPendingAffiliate(first: string, last: string) {
  const email = uniqueEmail(first.toLowerCase());
  const password = 'senha-e2e-123';
  await call('/auth/register', { body: { first_name: first, last_name: last, email, password, accept_terms: true } });
  return { email, password, first, last };
}

/** Registers through the API and has the admin approve, as the screens would. */
export async function createApprovedAffiliate(first = 'Paula', last = 'Teste') {
  const email = uniqueEmail('afiliado');
  const password = 'senha-e2e-123';
  await call('/auth/register', { body: { first_name: first, last_name: last, email, password, accept_terms: true } });
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  const page = await call<{ items: { id: number; email: string }[] }>(
    `/affiliates?status=pending&q=${encodeURIComponent(email)}`,
    { token: admin },
  );
  const id = page.items[0]?.id;
  await call(`/affiliates/${id}/approve`, { method: 'POST', token: admin });
  return { email, password, first, last };
}

export async function setMaintenance(enabled: boolean, message?: string) {
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  await call('/settings/maintenance', { method: 'PUT', body: { enabled, message }, token: admin });
}

/**
 * The sign-in form as a person fills it. Its fields are found by type: the page shows the last
 * language chosen on this browser, which after a Portuguese account's session is Portuguese.
 */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** The newest mail with this subject the portal sent to this address through the test's SMTP server. */
export async function latestMailTo(email: string, subject: string): Promise<{ subject: string; text: string }> {
  let found: { to: string[]; subject: string; text: string } | undefined;
  await expect
    .poll(() => {
      // Only whole mails: the server writes each under a `.part` name first.
      const files = readdirSync(MAIL_DIR)
        .filter((f) => f.endsWith('.json'))
        .sort();
      found = files
        .map((f) => JSON.parse(readFileSync(join(MAIL_DIR, f), 'utf8')))
        .filter((m) => m.to.includes(email) && m.subject === subject)
        .at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found as { subject: string; text: string };
}

/** Starts each page of this test signed in, as the sign-in screen would leave the browser. */
export async function useSession(page: Page, email: string, password: string) {
  const res = await fetch(`${E2E_BASE_URL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.addInitScript(
    ([t, u]) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', t);
        localStorage.setItem('user', u);
      }
    },
    [token, JSON.stringify(user)] as const,
  );
}

/** An authenticated API call as the admin (for reading what the server stored). */
export async function adminGet<T>(path: string): Promise<T> {
  const token = await apiSignIn(ADMIN.email, ADMIN.password);
  return call<T>(path, { token });
}

/** A campaign of the admin's, made through the API for a journey that needs its own. */
export async function createCampaign(name: string, body: Record<string, unknown> = {}) {
  const token = await apiSignIn(ADMIN.email, ADMIN.password);
  return call<{ id: number; name: string }>('/campaigns', {
    token,
    body: {
      name,
      destination_url: `${MERCHANT_URL}/checkout?sku=42`,
      cookie_days: 30,
      hold_days: 7,
      ...body,
    },
  });
}

/** The affiliate record (id and code) behind an email. */
export async function affiliateOf(email: string) {
  const page = await adminGet<{ items: { id: number; code: string; email: string }[] }>(
    `/affiliates?q=${encodeURIComponent(email)}`,
  );
  const found = page.items.find((a) => a.email === email);
  if (!found) throw new Error(`no affiliate ${email}`);
  return found;
}

/**
 * An approved affiliate nobody is told about: registered by the admin (no "new registration" toast
 * on the admins' screens, no "approved" toast at their first sign-in), password set from the invitation.
 */
export async function createQuietAffiliate(first: string, last: string, language = 'en') {
  const email = uniqueEmail(first.toLowerCase());
  const password = 'senha-e2e-123';
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  await call('/users', {
    token: admin,
    body: { first_name: first, last_name: last, email, role: 'Afiliado', language },
  });
  const subject = language === 'pt' ? 'Seu acesso ao programa de afiliados' : 'Your access to the affiliate programme';
  const mail = await latestMailTo(email, subject);
  const token = mail.text.match(/\/auth\/resetar-senha\/([\w-]+)/)?.[1] ?? '';
  await call('/auth/reset-password', { body: { token, password } });
  return { email, password, first, last };
}

/** A 12×8 orange PNG: a real picture the server turns into a WebP. */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAwAAAAICAIAAABChommAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQYlWN4EclDEDGMKgIAiWB84ZFBsiUAAAAASUVORK5CYII=',
  'base64',
);

/** A creative on a campaign, made by the admin through the API; an image's or a file's bytes follow. */
export async function createCreative(
  campaignId: number,
  body: { kind: 'text' | 'image' | 'file'; title: string; text?: string; visibility?: Record<string, unknown> },
  bytes?: Buffer,
) {
  const token = await apiSignIn(ADMIN.email, ADMIN.password);
  const made = await call<{ id: number }>(`/campaigns/${campaignId}/creatives`, { token, body });
  if (bytes) {
    const res = await fetch(`${E2E_BASE_URL}/api/v1/creatives/${made.id}/file`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    if (!res.ok) throw new Error(`PUT /creatives/${made.id}/file: ${res.status} ${await res.text()}`);
  }
  return made;
}
