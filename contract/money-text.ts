/**
 * Reading an amount of reais the way a Brazilian types or pastes it, whatever the interface
 * language: "189,90", "1.234,56", "R$ 1.234,56", and also "1,234.56" or "189.90" copied from an
 * English page. A comma or a point is the decimal separator when one to two digits follow it and
 * nothing says otherwise; a single separator followed by exactly three digits ("1.234", "1,234")
 * could be a thousands separator or a decimal one, so it is never guessed: the person is asked.
 */

export type MoneyInvalid = 'empty' | 'format' | 'negative' | 'decimals';

/** What a typed amount means: cents, two readings to choose from, or why it is not an amount. */
export type MoneyParse = { cents: number } | { ambiguous: readonly [number, number] } | { invalid: MoneyInvalid };

/** Separators that can only group thousands (after NFKC, every kind of space is a plain one). */
const GROUP_ONLY = new Set([' ', "'", '\u066C']);
/** The Arabic decimal separator: never a thousands separator. */
const DECIMAL_ONLY = '\u066B';
const SEPARATOR = /[.,' \u066B\u066C]/;
const CURRENCY = /^(?:R\$|BRL)|(?:R\$|BRL)$/i;
const MINUS = /^[-\u2212\u2012\u2013]|[-\u2212\u2012\u2013]$/;

/** Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…) digits as ASCII ones. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.codePointAt(0) ?? 0) & 0xf));
}

/** Takes off the currency and any sign around the number, and says whether it was negative. */
function unwrap(text: string): { core: string; isNegative: boolean } {
  let core = asciiDigits(text.normalize('NFKC')).replace(/\s+/g, ' ').trim();
  let isNegative = false;
  for (let before = ''; before !== core; ) {
    before = core;
    if (core.startsWith('(') && core.endsWith(')')) {
      core = core.slice(1, -1);
      isNegative = true;
    }
    if (MINUS.test(core)) {
      core = core.replace(MINUS, '');
      isNegative = true;
    }
    core = core.replace(CURRENCY, '').trim();
  }
  return { core, isNegative };
}

/** A run of thousands groups ("1", "234", "567") joined by one separator: "1.234.567". */
function isGrouped(runs: string[], separators: string[]): boolean {
  if (separators.length === 0) return true;
  const [first = '', ...rest] = runs;
  return (
    new Set(separators).size === 1 &&
    separators[0] !== DECIMAL_ONLY &&
    /^[1-9]\d{0,2}$/.test(first) &&
    rest.every((run) => /^\d{3}$/.test(run))
  );
}

function toCents(whole: string, fraction: string): MoneyParse {
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? { cents } : { invalid: 'format' };
}

/** Which separator, if any, is the decimal one; null when the last one groups thousands. */
function decimalSeparatorOf(separators: string[]): number | 'ask' | null {
  const last = separators.length - 1;
  const mark = separators[last];
  if (mark === undefined) return null;
  if (mark === DECIMAL_ONLY) return last;
  if (GROUP_ONLY.has(mark)) return null;
  // "1.234.567": a mark used twice groups thousands; "1.234,56": the other mark is the decimal one.
  if (separators.filter((s) => s === mark).length > 1) return null;
  return separators.length > 1 ? last : 'ask';
}

/** The amount a person typed or pasted, read as a Brazilian means it (see the file's comment). */
export function parseMoneyInput(text: string): MoneyParse {
  const { core, isNegative } = unwrap(text);
  if (!core) return { invalid: isNegative ? 'format' : 'empty' };
  const tokens = core.match(/\d+|./g) ?? [];
  if (tokens.join('') !== core) return { invalid: 'format' };
  const runs: string[] = [];
  const separators: string[] = [];
  // Digits and single separators alternate; only the first run may be missing (",50").
  for (const token of tokens) {
    if (/^\d/.test(token)) {
      if (runs.length > separators.length) return { invalid: 'format' };
      runs.push(token);
    } else {
      if (!SEPARATOR.test(token)) return { invalid: 'format' };
      if (runs.length === separators.length) runs.push('');
      if (runs.length !== separators.length + 1) return { invalid: 'format' };
      separators.push(token);
    }
  }
  if (runs.length !== separators.length + 1) return { invalid: 'format' };
  const result = readRuns(runs, separators);
  return isNegative && !('invalid' in result) ? { invalid: 'negative' } : result;
}

function readRuns(runs: string[], separators: string[]): MoneyParse {
  let decimal = decimalSeparatorOf(separators);
  if (decimal === 'ask') {
    const [whole = '', fraction = ''] = runs;
    // Three digits after the only mark, and a whole part that can be a thousands group: ask.
    if (fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) {
      const asThousands = Number(whole + fraction) * 100;
      const asDecimal = Number(whole) * 100 + Math.round(Number(fraction) / 10);
      return { ambiguous: [asThousands, asDecimal] };
    }
    decimal = 0;
  }
  if (decimal === null) {
    if (runs[0] === '') return { invalid: 'format' };
    return isGrouped(runs, separators) ? toCents(runs.join(''), '') : { invalid: 'format' };
  }
  const fraction = runs[runs.length - 1] ?? '';
  const wholeRuns = runs.slice(0, -1);
  const wholeSeparators = separators.slice(0, -1);
  if (fraction.length > 2) return { invalid: 'decimals' };
  if (wholeSeparators.includes(separators[decimal] ?? '') || !isGrouped(wholeRuns, wholeSeparators)) {
    return { invalid: 'format' };
  }
  return toCents(wholeRuns.join(''), fraction);
}

const GROUPING = new Intl.NumberFormat('pt-BR', { useGrouping: true, maximumFractionDigits: 0 });

/** Cents as a Brazilian writes them in a field, without the symbol: 123456 → "1.234,56". */
export function formatMoneyInput(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${GROUPING.format(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a Brazilian reads them, in any interface language: 123456 → "R$ 1.234,56". */
export function formatReais(cents: number): string {
  return `R$\u00a0${formatMoneyInput(cents)}`;
}

/** The cents of a field's text once its rule passed; null when it was left empty or is not an amount. */
export function centsOf(text: string): number | null {
  const parsed = parseMoneyInput(text);
  return 'cents' in parsed ? parsed.cents : null;
}
