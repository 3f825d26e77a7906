import { describe, expect, it } from 'vitest';

import { csvRecord } from './csv-field';

/** One field as the writer writes it (its record without the CRLF). */
const csvField = (value: string | number | null | undefined): string => csvRecord([value]).slice(0, -2);

describe('csvField', () => {
  it('leaves plain text, numbers and empties alone', () => {
    expect(csvField('Acme Ltd')).toBe('Acme Ltd');
    expect(csvField('Café £')).toBe('Café £');
    expect(csvField(12)).toBe('12');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvField('The "Best" Ltd')).toBe('"The ""Best"" Ltd"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([['=SUM(A1:A2)'], ['+44 20 1234'], ['-1+2'], ['@cmd'], ['\tx'], ['\rx']])('neutralises a formula start in %j', (text) => {
    const field = csvField(text);
    expect(field.replace(/^"/, '').startsWith(`'${text.slice(0, 1)}`)).toBe(true);
  });

  it('neutralises and quotes together', () => {
    expect(csvField('=HYPERLINK("http://x", "y")')).toBe('"\'=HYPERLINK(""http://x"", ""y"")"');
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRecord(['a', 'b,c', 3, null])).toBe('a,"b,c",3,\r\n');
  });
});
