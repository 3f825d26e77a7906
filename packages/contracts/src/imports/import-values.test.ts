import { describe, expect, it } from 'vitest';

import { currencyExponent } from '../common/money';

import { parseAmount, parseDate, parseStatus, suggestDateOrder } from './import-values';

const value = <T>(parsed: { ok: true; value: T } | { ok: false; reason: string }) => (parsed.ok ? parsed.value : parsed.reason);

describe('parseAmount', () => {
  it('reads plain amounts, symbols, codes and thousands separators into minor units', () => {
    expect(value(parseAmount('966.70', 'GBP'))).toBe(96670);
    expect(value(parseAmount('£4,078.97', 'GBP'))).toBe(407897);
    expect(value(parseAmount(' £1,234,567.8 ', 'GBP'))).toBe(123456780);
    expect(value(parseAmount('GBP 12', 'GBP'))).toBe(1200);
    expect(value(parseAmount('12.00 gbp', 'GBP'))).toBe(1200);
    expect(value(parseAmount('1 234.50', 'GBP'))).toBe(123450);
    expect(value(parseAmount('$19.99', 'USD'))).toBe(1999);
    expect(value(parseAmount('0.00', 'GBP'))).toBe(0);
  });

  it('answers the same exponent when asked again (the answers are cached), and 2 for an unknown code', () => {
    for (let i = 0; i < 2; i++) {
      expect([currencyExponent('GBP'), currencyExponent('JPY'), currencyExponent('BHD')]).toEqual([2, 0, 3]);
      expect(currencyExponent('gbp!')).toBe(2);
    }
  });

  it('uses the currency’s own decimal places', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('BHD')).toBe(3);
    expect(value(parseAmount('¥1,500', 'JPY'))).toBe(1500);
    expect(value(parseAmount('1.250', 'BHD'))).toBe(1250);
    expect(value(parseAmount('10.50', 'JPY'))).toMatch(/more decimal places than JPY/);
    expect(value(parseAmount('10.500', 'GBP'))).toBe(1050);
    expect(value(parseAmount('10.505', 'GBP'))).toMatch(/more decimal places than GBP/);
  });

  it('never rounds through floating point', () => {
    expect(value(parseAmount('0.29', 'GBP'))).toBe(29);
    expect(value(parseAmount('1.15', 'GBP'))).toBe(115);
    expect(value(parseAmount('4.35', 'GBP'))).toBe(435);
  });

  it('refuses negatives, other currencies and text with the reason', () => {
    for (const text of ['-12.00', '(12.00)', '£-12', '12.00-', '−5']) {
      expect(value(parseAmount(text, 'GBP')), text).toMatch(/negative: credit notes are not imported/);
    }
    expect(value(parseAmount('€12.00', 'GBP'))).toBe('“€12.00” is in EUR, but the invoice is in GBP');
    expect(value(parseAmount('USD 12', 'GBP'))).toBe('“USD 12” is in USD, but the invoice is in GBP');
    expect(value(parseAmount('twelve', 'GBP'))).toBe('“twelve” is not an amount');
    expect(value(parseAmount('1,23.00', 'GBP'))).toBe('“1,23.00” is not an amount');
    expect(value(parseAmount('', 'GBP'))).toBe('is empty');
    expect(value(parseAmount('99999999999999999', 'GBP'))).toMatch(/too large/);
  });
});

describe('parseDate', () => {
  it('reads ISO dates and timestamps', () => {
    expect(value(parseDate('2026-07-31', 'dmy'))).toBe('2026-07-31');
    expect(value(parseDate('2026-10-08 09:00:00', 'dmy'))).toBe('2026-10-08');
    expect(value(parseDate('2026-10-08T09:00:00Z', 'mdy'))).toBe('2026-10-08');
  });

  it('reads UK dates day first and US dates month first', () => {
    expect(value(parseDate('31/07/2026', 'dmy'))).toBe('2026-07-31');
    expect(value(parseDate('3/4/2026', 'dmy'))).toBe('2026-04-03');
    expect(value(parseDate('3/4/2026', 'mdy'))).toBe('2026-03-04');
    expect(value(parseDate('31.07.26', 'dmy'))).toBe('2026-07-31');
    expect(value(parseDate('31-07-2026', 'dmy'))).toBe('2026-07-31');
  });

  it('reads month names', () => {
    expect(value(parseDate('7 Nov 2026', 'mdy'))).toBe('2026-11-07');
    expect(value(parseDate('07-November-2026', 'dmy'))).toBe('2026-11-07');
    expect(value(parseDate('1 Sept 2026', 'dmy'))).toBe('2026-09-01');
  });

  it('refuses impossible dates, saying how it read them', () => {
    expect(value(parseDate('31/02/2026', 'dmy'))).toBe('“31/02/2026” is not a date (read day first)');
    expect(value(parseDate('07/31/2026', 'dmy'))).toBe('“07/31/2026” is not a date (read day first)');
    expect(value(parseDate('2026-13-01', 'dmy'))).toBe('“2026-13-01” is not a date');
    expect(value(parseDate('soon', 'dmy'))).toBe('“soon” is not a date');
    expect(value(parseDate('01/01/1899', 'dmy'))).toBe('“01/01/1899” is outside 1900–2099');
  });
});

describe('suggestDateOrder', () => {
  it('is day first unless only month first fits', () => {
    expect(suggestDateOrder(['31/07/2026', '01/08/2026'])).toBe('dmy');
    expect(suggestDateOrder(['07/31/2026', '08/01/2026'])).toBe('mdy');
    expect(suggestDateOrder(['01/02/2026', '2026-07-31'])).toBe('dmy');
    expect(suggestDateOrder([])).toBe('dmy');
  });
});

describe('parseStatus', () => {
  it('knows the words of common tools', () => {
    expect(value(parseStatus('AUTHORISED'))).toBe('open');
    expect(value(parseStatus('Partially paid'))).toBe('open');
    expect(value(parseStatus('PAID'))).toBe('paid');
    expect(value(parseStatus('voided'))).toBe('void');
    expect(value(parseStatus('Written off'))).toBe('uncollectible');
    expect(value(parseStatus('uncollectible'))).toBe('uncollectible');
  });

  it('refuses drafts and unknown words', () => {
    expect(value(parseStatus('DRAFT'))).toMatch(/draft has not been sent/);
    expect(value(parseStatus('Pending approval'))).toBe('“Pending approval” is not a status we know (open, paid, void, written off)');
  });
});
