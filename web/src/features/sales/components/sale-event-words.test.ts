import type { SaleEvent } from '@contract/sales';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { loadAppMessages, loadScreenMessages, switchLanguage, t } from '../../../i18n';
import { saleEventBy, saleEventNote } from './sale-event-words';

beforeAll(async () => Promise.all([loadAppMessages(), loadScreenMessages()]));
afterEach(async () => switchLanguage('en'));

const at = '2026-11-27T12:00:00.000Z';
/** What the approval job leaves (sales/approval-job.ts): no person, its own note. */
const byTheJob: SaleEvent = { at, kind: 'approved', actor_name: null, note: 'hold period ended' };
const onArrival: SaleEvent = { at, kind: 'approved', actor_name: null, note: null };
const byAnAdmin: SaleEvent = { at, kind: 'refunded', actor_name: 'Ana Souza', note: 'Cliente desistiu' };

describe("a sale's history in words", () => {
  test('an approval after the hold reads as automatic in the reader’s language, without the job’s own note', async () => {
    await switchLanguage('pt');
    expect(saleEventBy(byTheJob, t)).toBe('automaticamente, após o prazo de retenção');
    expect(saleEventNote(byTheJob)).toBeNull();
  });

  test('an approval the merchant reported reads as theirs', () => {
    expect(saleEventBy(onArrival, t)).toBe('as reported by the merchant’s system');
    expect(saleEventNote(onArrival)).toBeNull();
  });

  test('a person’s step names them and quotes their note as written', () => {
    expect(saleEventBy(byAnAdmin, t)).toBe('by Ana Souza');
    expect(saleEventNote(byAnAdmin)).toBe('Cliente desistiu');
  });
});
