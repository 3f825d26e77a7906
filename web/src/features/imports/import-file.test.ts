import { describe, expect, it } from 'vitest';

import { RequestError } from '../../lib/api-client';

import { checkImportFile, columnLabel, describeUploadError } from './import-file';

describe('checkImportFile', () => {
  it('accepts a CSV of a sensible size, whatever the case of its extension', () => {
    expect(checkImportFile({ name: 'invoices.csv', size: 1200 })).toBeNull();
    expect(checkImportFile({ name: 'INVOICES.CSV', size: 1200 })).toBeNull();
  });

  it('refuses other files, empty files and files over the limit', () => {
    expect(checkImportFile({ name: 'invoices.xlsx', size: 1200 })).toMatch(/is not a CSV file/);
    expect(checkImportFile({ name: 'invoices.csv', size: 0 })).toBe('“invoices.csv” is empty.');
    expect(checkImportFile({ name: 'big.csv', size: 60 * 1024 * 1024 }, 50 * 1024 * 1024)).toBe(
      '“big.csv” is 60 MiB; the largest file you can import is 50 MiB. Split it into smaller files and import each one.',
    );
  });
});

describe('describeUploadError', () => {
  it('gives the reason a file could not be read', () => {
    const error = new RequestError({
      kind: 'http',
      status: 422,
      code: 'DOMAIN_RULE',
      message: 'The file has a header row but no data rows',
      details: [{ field: 'file', reason: 'has no rows to import under its header' }],
    });
    expect(describeUploadError(error)).toBe('The file has no rows to import under its header.');
  });

  it('explains a file too large for the server, with its limit when the API gave it', () => {
    const proxy = new RequestError({ kind: 'http', status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request failed (HTTP 413).' });
    expect(describeUploadError(proxy)).toBe('This file is larger than the server accepts. Split it into smaller files and import each one.');
    const api = new RequestError({
      kind: 'http',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is larger than the 20 MB an import accepts',
      details: [{ field: 'file', reason: 'must be at most 20971520 bytes' }],
    });
    expect(describeUploadError(api)).toBe('The file is larger than the 20 MB an import accepts. Split it into smaller files and import each one.');
  });

  it('falls back to the message', () => {
    expect(describeUploadError(new RequestError({ kind: 'network', message: 'Could not reach the server.' }))).toBe('Could not reach the server.');
  });
});

describe('columnLabel', () => {
  it('names a column by its header, or by its position when the header is blank', () => {
    expect(columnLabel(['Name', ' ', 'Due'], 0)).toBe('Name');
    expect(columnLabel(['Name', ' ', 'Due'], 1)).toBe('Column 2');
    expect(columnLabel(['Name'], 4)).toBe('Column 5');
  });
});
