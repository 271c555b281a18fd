import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { i18n, loadAppMessages, loadAuthMessages, loadScreenMessages, switchLanguage, t } from './index';

beforeAll(async () => Promise.all([loadAuthMessages(), loadAppMessages(), loadScreenMessages()]));

afterEach(async () => switchLanguage('en'));

describe('translator', () => {
  test('English by default, with nested keys', () => {
    expect(i18n.language).toBe('en');
    expect(t('screens.adminTopAffiliates')).toBe('Top 10 affiliates');
  });

  test('interpolates values', () => {
    expect(t('auth.linkSent', { email: 'ana@example.com' })).toContain('ana@example.com');
  });

  test.each([
    [1, '1 registration approved'],
    [3, '3 registrations approved'],
  ])('chooses the plural form for %i', (count, text) => {
    expect(t('affiliates.approved', { count })).toBe(text);
  });

  test('loads Portuguese on demand and uses its plurals', async () => {
    await switchLanguage('pt');
    expect(t('screens.home')).toBe('Início');
    expect(t('affiliates.approved', { count: 2 })).toBe('2 cadastros aprovados');
  });

  test('falls back to English for what a menu-only language lacks', async () => {
    await switchLanguage('fr');
    expect(t('screens.campaigns')).toBe('Campagnes');
    expect(t('auth.signIn')).toBe('Sign in');
  });

  test('Arabic plural categories fall back to the _other form', async () => {
    await switchLanguage('ar');
    expect(t('affiliates.approved', { count: 2 })).toBe('\u20662 registrations approved\u2069');
  });

  test('in Arabic, English standing in is isolated left to right; Arabic texts are left as they are', async () => {
    await switchLanguage('ar');
    expect(t('auth.loginSubtitle')).toBe(
      '\u2066Welcome back! Sign in to follow your links, sales and commissions.\u2069',
    );
    expect(t('screens.home')).toBe('الرئيسية');
    expect(t('errors.NOPE', { defaultValue: '' })).toBe('');
    await switchLanguage('fr');
    expect(t('auth.signIn')).toBe('Sign in');
  });

  test('an unknown key answers its defaultValue, or the key', () => {
    expect(t('errors.NOPE', { defaultValue: '' })).toBe('');
    expect(t('nothing.here')).toBe('nothing.here');
  });
});
