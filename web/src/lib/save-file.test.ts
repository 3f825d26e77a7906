import { describe, expect, it } from 'vitest';

import { filenameFromDisposition } from './save-file';

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="customers-2026-11-22.csv"', 'customers-2026-11-22.csv'],
    ['attachment; filename=customers.csv', 'customers.csv'],
    ['attachment; filename="x.csv"; filename*=UTF-8\'\'caf%C3%A9s.csv', 'cafés.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });
});
