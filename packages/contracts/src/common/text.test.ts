import { describe, expect, it } from 'vitest';

import { calendarDateSchema, instantSchema } from './dates';
import { emailAddressSchema } from './email';
import { textSchema } from './text';

describe('text inputs', () => {
  const name = textSchema({ min: 1, max: 20 });

  it('accepts ordinary text, accents and emoji, trimmed', () => {
    expect(name.parse('  Café Ltd 🚀 ')).toBe('Café Ltd 🚀');
  });

  it.each([
    ['a NUL character', 'Acme\u0000Ltd'],
    ['a lone high surrogate', 'Acme \ud800'],
    ['a lone low surrogate', '\udc00Acme'],
  ])('refuses %s with a reason', (_, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be text without NUL characters or unpaired surrogates');
  });

  it('says what is wrong with an empty or too long value', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('must not be empty');
    expect(name.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe('must be at most 20 characters');
  });

  it('refuses a NUL in an email address', () => {
    expect(emailAddressSchema.safeParse('a\u0000@example.com').success).toBe(false);
  });
});

describe('dates are kept to 1900-01-01..2099-12-31', () => {
  it.each(['0000-01-01', '1899-12-31', '2100-01-01'])('refuses the day %s', (day) => {
    expect(calendarDateSchema.safeParse(day).success).toBe(false);
  });

  it.each(['0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z', '2100-01-01T00:00:00+00:00'])('refuses the instant %s', (at) => {
    expect(instantSchema.safeParse(at).success).toBe(false);
  });

  it('accepts the bounds themselves', () => {
    expect(calendarDateSchema.parse('1900-01-01')).toBe('1900-01-01');
    expect(calendarDateSchema.parse('2099-12-31')).toBe('2099-12-31');
    expect(instantSchema.parse('2099-12-31T23:59:59Z')).toBe('2099-12-31T23:59:59Z');
  });
});
