/**
 * CSV both ways, shared by the server's exports, the browser's own tables and the browser's import.
 * Exports are written for a spreadsheet set to Brazil (Excel pt-BR): `;` between fields, money with a
 * decimal comma and no thousands separator, a UTF-8 BOM so accents survive, Brasília wall-clock
 * times, and headers and codes in the reader's words. No zod here.
 */

import { BRASILIA_TIME_ZONE } from './calendar';

/** The languages an export speaks: the account's, when it is Portuguese; English otherwise. */
export type CsvLanguage = 'en' | 'pt';
export const csvLanguageOf = (language: string | null | undefined): CsvLanguage => (language === 'pt' ? 'pt' : 'en');

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';

/** The separator of a file: whichever of `,` and `;` its first record has more of, outside quotes. */
function separatorOf(source: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of source) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' || char === '\r') break;
    else if (char === ',') commas++;
    else if (char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Rows of a CSV text: quoted fields may hold separators, quotes ("") and line breaks; `,` or `;` files. */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  // Spreadsheets set to pt-BR write ';' between fields (the comma is the decimal separator).
  const separator = separatorOf(source);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/**
 * A text cell a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe,
 * so an exported customer field can never become code (OWASP CSV injection).
 */
export function neutraliseCell(value: string): string {
  // A plain number ("-50.00", "-50,00") is data, not a formula, and must stay a number in the sheet.
  if (/^-?\d+([.,]\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type CsvCell = string | number | null | undefined;

/** One CSV line: `;` between fields; numbers with a decimal comma; text neutralised and quoted when it must be. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells
    .map((cell) => {
      if (cell === null || cell === undefined) return '';
      if (typeof cell === 'number') return String(cell).replace('.', ',');
      const safe = neutraliseCell(cell);
      return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(CSV_SEPARATOR)}\r\n`;
}

/** Cents as a spreadsheet in Brazil reads money: "1234,56", "-50,00" (no thousands separator). */
export function csvMoney(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole},${fraction}`;
}

/** A decimal (a share, a rate) with a comma and this many places: "12,50". */
export function csvDecimal(value: number, places: number): string {
  return value.toFixed(places).replace('.', ',');
}

/**
 * An instant as a clock in Brasília shows it: "dd/mm/aaaa hh:mm" in Portuguese, "yyyy-mm-dd hh:mm"
 * in English (both read as a date and time by a spreadsheet).
 */
export function csvDateTime(instant: string | Date, language: CsvLanguage): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: BRASILIA_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return language === 'pt'
    ? `${parts.day}/${parts.month}/${parts.year} ${time}`
    : `${parts.year}-${parts.month}-${parts.day} ${time}`;
}

/** A calendar day ("2026-03-09", a Brasília day already) as the reader writes it: "09/03/2026" in Portuguese. */
export function csvDay(day: string, language: CsvLanguage): string {
  const [year, month, date] = day.split('-');
  return language === 'pt' ? `${date}/${month}/${year}` : day;
}

/** A column of an export: its header in each language and how a row fills it. */
/** The words a reader sees for each code, in each language of an export. */
export type CsvWords = Record<CsvLanguage, Record<string, string>>;

/** A code without words of its own (a newer one) is shown as it is, never left out. */
export const wordFor = (words: CsvWords, language: CsvLanguage, code: string) => words[language][code] ?? code;

export type CsvColumn<T> = { header: Record<CsvLanguage, string>; cell: (row: T, language: CsvLanguage) => CsvCell };

/** The header line of a file (with the BOM that tells a spreadsheet the file is UTF-8). */
export function csvHeader(headers: readonly string[]): string {
  return `${CSV_BOM}${csvLine(headers)}`;
}

/** A whole export, line by line: the header in the reader's language, then a line per row. */
export async function* csvLines<T>(
  columns: readonly CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
  language: CsvLanguage,
): AsyncGenerator<string> {
  yield csvHeader(columns.map((column) => column.header[language]));
  for await (const row of rows) yield csvLine(columns.map((column) => column.cell(row, language)));
}

/** A small export made at once (a table on screen): the same bytes as a streamed one. */
export function csvText(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvHeader(headers) + rows.map((row) => csvLine(row)).join('');
}
