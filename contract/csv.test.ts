import { describe, expect, it } from 'vitest';
import { csvLine, neutraliseCell, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,b,c\r\n1,"x, y","say ""hi"""\n2,"two\nlines",\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'two\nlines', ''],
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
  ])('neutralises %j', (cell, expected) => {
    expect(neutraliseCell(cell)).toBe(expected);
  });

  it('keeps numbers as numbers and quotes what needs quoting', () => {
    expect(csvLine([-1500, 'a,b', 'say "hi"', null, '=1+1'])).toBe(`-1500,"a,b","say ""hi""",,'=1+1\r\n`);
  });

  it('round-trips through the parser', () => {
    const cells = ['x,y', 'line\nbreak', 'quote"d', 'plain'];
    expect(parseCsv(csvLine(cells))).toEqual([cells]);
  });
});
