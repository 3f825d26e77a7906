import { pipeline, Readable } from 'node:stream';

import { CsvError, parse } from 'csv-parse';

import { AppError } from '../../errors/app-error';

/** Field separators recognised in a header line: what spreadsheets and accounting tools write. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** One record of the file, numbered as a spreadsheet shows it (the first line is row 1). */
export interface CsvRow {
  row: number;
  cells: string[];
}

// One record may not exceed this: an unclosed quote early in a large file would otherwise make
// the parser hold the rest of the file as one cell before failing.
const MAX_RECORD_CHARS = 1024 * 1024;

/**
 * The records of CSV text, streamed: the delimiter is sniffed from the header line, then
 * csv-parse reads with it (RFC 4180 quoting; rows may have fewer or more cells than the header;
 * a stray quote inside a cell is kept as text). Blank rows are skipped but still counted, so row
 * numbers match what a spreadsheet shows. Broken CSV (a quote never closed) is a 422 naming where.
 */
export class CsvReader {
  /** Set once the header line has been read. */
  delimiter: Delimiter = ',';

  async *rows(text: AsyncIterable<string>): AsyncGenerator<CsvRow> {
    const chunks = text[Symbol.asyncIterator]();
    let head = '';
    while (headerLineEnd(head) < 0 && head.length < MAX_RECORD_CHARS) {
      const next = await chunks.next();
      if (next.done) break;
      head += next.value;
    }
    const end = headerLineEnd(head);
    this.delimiter = sniffDelimiter(end < 0 ? head : head.slice(0, end));

    async function* all(): AsyncGenerator<string> {
      try {
        if (head) yield head;
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
      } finally {
        // Stopped early (a refused file): let the sources below finish too.
        await chunks.return?.(undefined);
      }
    }
    const parser = parse({ delimiter: this.delimiter, relax_column_count: true, relax_quotes: true, max_record_size: MAX_RECORD_CHARS });
    // pipeline carries an error of the source (a 413, an encoding problem) into the parser, so it
    // surfaces from the loop below; its callback has nothing left to do.
    const records = pipeline(Readable.from(all()), parser, () => undefined) as AsyncIterable<string[]>;
    let row = 0;
    try {
      for await (const cells of records) {
        row += 1;
        if (cells.some((cell) => cell.trim() !== '')) yield { row, cells };
      }
    } catch (error) {
      // The parser may have read ahead of this loop: its own count says where it stopped.
      throw error instanceof CsvError ? brokenCsv(error, typeof error.records === 'number' ? error.records + 1 : row + 1) : error;
    }
  }
}

/** The candidate delimiter found most often outside quotes in `line`; a comma when there is none. */
export function sniffDelimiter(line: string): Delimiter {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  scanOutsideQuotes(line, (char) => {
    const count = counts.get(char);
    if (count !== undefined) counts.set(char, count + 1);
    return false;
  });
  let best: Delimiter = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** Where the first line of `text` ends (a line break outside quotes), or -1 if not yet seen. */
function headerLineEnd(text: string): number {
  return scanOutsideQuotes(text, (char) => char === '\n' || char === '\r');
}

/**
 * Call `visit` with each character outside quoted cells until it returns true; returns that
 * index or -1. A quote opens a quoted cell only at the start of a cell (as csv-parse with
 * relax_quotes reads it), so `12" pipe` does not hide the rest of the line.
 */
function scanOutsideQuotes(text: string, visit: (char: string) => boolean): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted) {
      // A doubled quote is a quote inside the cell; a single one closes it.
      if (char === '"') {
        if (text.charAt(i + 1) === '"') i++;
        else quoted = false;
      }
      continue;
    }
    const previous = i === 0 ? '\n' : text.charAt(i - 1);
    if (char === '"' && (previous === '\n' || previous === '\r' || (DELIMITERS as readonly string[]).includes(previous))) {
      quoted = true;
      continue;
    }
    if (visit(char)) return i;
  }
  return -1;
}

function brokenCsv(error: CsvError, row: number): AppError {
  const line = typeof error.lines === 'number' ? error.lines : undefined;
  const reason =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? `row ${row} opens a quote that is never closed (the file ends inside it${line ? ` at line ${line}` : ''})`
      : error.code === 'CSV_MAX_RECORD_SIZE'
        ? `row ${row} is longer than ${MAX_RECORD_CHARS} characters: is a quote left open?`
        : `row ${row}${line ? ` (line ${line})` : ''}: ${error.message}`;
  return new AppError('DOMAIN_RULE', `The file is not valid CSV: ${reason}`, [{ field: 'file', reason }]);
}
