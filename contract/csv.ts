/** CSV both ways (RFC 4180), shared by the server's exports and the browser's import. No zod here. */

/** Rows of a CSV text: quoted fields may hold commas, quotes ("") and line breaks; `;` also separates when it is the header's separator. */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  // Spreadsheets set to pt-BR write ';' between fields (the comma is the decimal separator).
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
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
  // A plain number ("-50.00") is data, not a formula, and must stay a number in the sheet.
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line; numbers stay numbers, text is neutralised and quoted when it needs to be. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells
    .map((cell) => {
      if (cell === null || cell === undefined) return '';
      if (typeof cell === 'number') return String(cell);
      const safe = neutraliseCell(cell);
      return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(',')}\r\n`;
}
