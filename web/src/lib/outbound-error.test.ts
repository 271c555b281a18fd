import { OUTBOUND_ERRORS } from '@contract/outbound-errors';
import { describe, expect, test } from 'vitest';
import { enScreens } from '../i18n/locales/en-screens';
import { ptScreens } from '../i18n/locales/pt-screens';
import { outboundErrorText } from './outbound-error';

/** The translation function over one bundle, as the app's `t` resolves a key with its values. */
const tOf =
  (bundle: { outbound: { errors: Record<string, string> } }) =>
  (key: string, values: Record<string, string> = {}) => {
    const text = bundle.outbound.errors[key.replace('outbound.errors.', '')];
    if (text === undefined) throw new Error(`missing ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };

describe('a failed delivery in the person’s language', () => {
  test('the sender’s English reads in Portuguese, with its values', () => {
    const t = tOf(ptScreens) as never;
    expect(outboundErrorText(OUTBOUND_ERRORS.unresolved.write({ host: 'rastreio.exemplo' }), t)).toBe(
      'rastreio.exemplo não existe (o endereço não foi encontrado)',
    );
    expect(outboundErrorText(OUTBOUND_ERRORS.answered.write({ status: 503 }), t)).toBe('O servidor respondeu 503');
  });

  test('every kind has its words in English and Portuguese; a text no sender wrote stays as it came', () => {
    for (const bundle of [enScreens, ptScreens]) {
      const t = tOf(bundle) as never;
      for (const text of [
        OUTBOUND_ERRORS.unresolved.write({ host: 'x.example' }),
        OUTBOUND_ERRORS.answered.write({ status: 500 }),
        OUTBOUND_ERRORS.redirected.write(),
        OUTBOUND_ERRORS.refused.write({ reason: 'must start with https://' }),
        OUTBOUND_ERRORS.refused.write({ reason: 'must not carry a user name or password' }),
        OUTBOUND_ERRORS.timeout.write({ ms: 5000 }),
        OUTBOUND_ERRORS.unreachable.write({ code: 'ECONNRESET' }),
      ]) {
        expect(outboundErrorText(text, t)).not.toBe(text);
      }
      expect(outboundErrorText('socket hang up', t)).toBe('socket hang up');
    }
  });
});
