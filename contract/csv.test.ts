import { describe, expect, it } from 'vitest';
import { csvDateTime, csvLine, csvMoney, csvText, neutraliseCell, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,b,c\r\n1,"x, y","say ""hi"""\n2,"two\nlines",\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'two\nlines', ''],
    ]);
  });

  it('takes the separator the header uses more, outside quotes', () => {
    expect(parseCsv('"a,b";c;d\n1;2;3')).toEqual([
      ['a,b', 'c', 'd'],
      ['1', '2', '3'],
    ]);
  });

  it('reads semicolon files from pt-BR spreadsheets and skips blank lines and the BOM', () => {
    expect(parseCsv('\uFEFFcampaign_id;amount\n\n7;"1.234,56"\n')).toEqual([
      ['campaign_id', 'amount'],
      ['7', '1.234,56'],
    ]);
  });
});

describe('csv export', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['plain', 'plain'],
    ['-50.00', '-50.00'],
    ['-50.00+1', "'-50.00+1"],
    ['-50,00', '-50,00'],
  ])('neutralises %j', (cell, expected) => {
    expect(neutraliseCell(cell)).toBe(expected);
  });

  it('separates with `;`, keeps numbers as numbers (decimal comma) and quotes what needs quoting', () => {
    expect(csvLine([-1500, 2.5, 'a;b', 'a,b', 'say "hi"', null, '=1+1'])).toBe(
      `-1500;2,5;"a;b";a,b;"say ""hi""";;'=1+1\r\n`,
    );
  });

  it('round-trips through the parser', () => {
    const cells = ['x,y', 'x;y', 'line\nbreak', 'quote"d', 'plain', '1234,56'];
    expect(parseCsv(csvLine(cells))).toEqual([cells]);
    expect(parseCsv(csvText(['a', 'b'], [[csvMoney(123_456), 'c']]))).toEqual([
      ['a', 'b'],
      ['1234,56', 'c'],
    ]);
  });

  it('starts a file with the UTF-8 BOM', () => {
    expect(csvText(['Valor'], [])).toBe('\uFEFFValor\r\n');
  });

  it.each([
    [123_456, '1234,56'],
    [100_000_000, '1000000,00'],
    [5, '0,05'],
    [0, '0,00'],
    [-5_000, '-50,00'],
    [-1, '-0,01'],
  ])('writes %i cents as %j', (cents, text) => {
    expect(csvMoney(cents)).toBe(text);
  });

  it.each([
    ['2026-03-10T02:30:00Z', 'pt', '09/03/2026 23:30'],
    ['2026-03-10T02:30:00Z', 'en', '2026-03-09 23:30'],
    ['2026-12-31T23:59:59.999Z', 'pt', '31/12/2026 20:59'],
    ['2026-01-01T03:00:00Z', 'pt', '01/01/2026 00:00'],
  ] as const)('shows %s in Brasília (%s) as %j', (instant, language, text) => {
    expect(csvDateTime(instant, language)).toBe(text);
  });
});
