import { describe, expect, it } from 'vitest';

import { isAppError } from '../../errors/app-error';

import { CsvReader, sniffDelimiter } from './upload-csv';

async function read(...chunks: string[]) {
  const reader = new CsvReader();
  const rows = [];
  async function* text() {
    for (const chunk of chunks) yield await Promise.resolve(chunk);
  }
  for await (const row of reader.rows(text())) rows.push(row);
  return { delimiter: reader.delimiter, rows };
}

describe('sniffDelimiter', () => {
  it.each([
    ['Name,Due date,Amount', ','],
    ['Name;Due date;Amount', ';'],
    ['Name\tDue date\tAmount', '\t'],
    ['Name|Due date|Amount', '|'],
    ['"Smith, Jones";Due;Amount', ';'],
    ['Amount', ','],
  ])('%j → %j', (line, delimiter) => {
    expect(sniffDelimiter(line)).toBe(delimiter);
  });
});

describe('CsvReader', () => {
  it('numbers rows as a spreadsheet does, skipping blank ones', async () => {
    const { rows } = await read('Name,Amount\r\n\r\nA,1\r\n,\r\n"B, Ltd","line\r\nbreak"\r\nC,3');
    expect(rows).toEqual([
      { row: 1, cells: ['Name', 'Amount'] },
      { row: 3, cells: ['A', '1'] },
      { row: 5, cells: ['B, Ltd', 'line\r\nbreak'] },
      { row: 6, cells: ['C', '3'] },
    ]);
  });

  it('sniffs the delimiter from a header split across chunks, ignoring delimiters in quotes', async () => {
    const { delimiter, rows } = await read('"Name; with ""semi"", colon";Inv', 'oice;Amount\nAcme;INV-1;12,50\n');
    expect(delimiter).toBe(';');
    expect(rows[0]?.cells).toEqual(['Name; with "semi", colon', 'Invoice', 'Amount']);
    expect(rows[1]?.cells).toEqual(['Acme', 'INV-1', '12,50']);
  });

  it('keeps rows with fewer or more cells than the header and a stray quote inside a cell', async () => {
    const { rows } = await read('a,b,c\n1\n1,2,3,4\n12" pipe,x,y\n');
    expect(rows.map((r) => r.cells)).toEqual([['a', 'b', 'c'], ['1'], ['1', '2', '3', '4'], ['12" pipe', 'x', 'y']]);
  });

  it('refuses a quote that is never closed, naming the row', async () => {
    const error = await read('Name,Amount\nA,1\nB,"2\nC,3\n').catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('DOMAIN_RULE');
    expect(isAppError(error) && error.message).toMatch(/row 3 opens a quote that is never closed/);
  });
});
