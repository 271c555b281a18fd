import { expect, test, vi } from 'vitest';
import { loadAppMessages, loadScreenMessages, switchLanguage, t } from './index';

// One module state for the whole file, in this order: signed out, signed in on the home, another
// screen, another language (docs/decisions/046).

test('on the signed-out pages a text of the signed-in area stays missing: nothing more is fetched for it', async () => {
  expect(t('ledger.description')).toBe('ledger.description');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(t('ledger.description')).toBe('ledger.description');
});

test('the layout brings the home’s texts, not the other screens’', async () => {
  await loadAppMessages();
  expect(t('menu.administration')).toBe('Administration');
  expect(t('metrics.kpis.clicks')).not.toBe('metrics.kpis.clicks');
  expect(t('sales.statuses.approved')).toBe('Approved');
  // Only the home's few keys of a group the screens share.
  expect(t('sales.exportCsv')).toBe('sales.exportCsv');
});

test('a screen text asked for before its screen (a dialog, a toast) fetches the screens’ texts', async () => {
  await vi.waitFor(() => expect(t('sales.exportCsv')).toBe('Export CSV'));
  expect(t('ledger.description')).not.toBe('ledger.description');
});

test('a language switched to later brings each part already loaded in that language', async () => {
  await loadScreenMessages();
  await switchLanguage('pt');
  expect(t('menu.administration')).toBe('Administração');
  expect(t('sales.exportCsv')).toBe('Exportar CSV');
  await switchLanguage('en');
});
