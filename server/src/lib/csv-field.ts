import { stringify } from 'csv-stringify/sync';

/** A byte-order mark: Excel reads a CSV file as UTF-8 only with it (£, accents). */
export const UTF8_BOM = '\uFEFF';

type CsvValue = string | number | null | undefined;

/**
 * One CSV record (RFC 4180, CRLF-terminated): fields quoted when they hold a comma, quote or line
 * break, quotes doubled. Text starting like a formula (= + - @ tab CR) is prefixed with a single
 * quote so a spreadsheet shows it as text (CSV injection); numbers are written as they are, so a
 * negative amount stays a number.
 */
export function csvRecord(values: readonly CsvValue[]): string {
  return stringify([values.map((v) => v ?? '')], { record_delimiter: 'windows', escape_formulas: true, quoted_match: /[\r\n]/ });
}
