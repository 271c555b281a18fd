import type { TaxKind } from '@contract/tax';

const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** Lays digits over a pattern of `#`s, stopping where the digits end (a mask as the person types). */
function lay(digits: string, pattern: string): string {
  let out = '';
  let next = 0;
  for (const char of pattern) {
    if (next >= digits.length) break;
    if (char === '#') out += digits[next++];
    else out += char;
  }
  return out;
}

export const DOCUMENT_LENGTH: Record<TaxKind, number> = { person: 11, company: 14 };
const DOCUMENT_PATTERN: Record<TaxKind, string> = { person: '###.###.###-##', company: '##.###.###/####-##' };

/** A CPF (000.000.000-00) or CNPJ (00.000.000/0000-00) as typed so far. */
export const formatDocument = (kind: TaxKind, value: string) =>
  lay(digitsOf(value, DOCUMENT_LENGTH[kind]), DOCUMENT_PATTERN[kind]);

/** A CEP as typed so far: 00000-000. */
export const formatPostalCode = (value: string) => lay(digitsOf(value, 8), '#####-###');

export const digitCount = (value: string) => value.replace(/\D/g, '').length;
