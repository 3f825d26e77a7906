/**
 * Money, one way everywhere (docs/domain.md, Money): amounts are integers in the currency's minor
 * units, each amount carries its currency, and amounts of different currencies are never added,
 * compared or ranked together.
 */

const CURRENCY_CODE = /^[A-Z]{3}$/u;

// Building an Intl.NumberFormat costs far more than reading an amount; an import asks once per
// amount cell (300,000 times for 100,000 rows), so each code's answer is kept. Only well-formed
// codes are kept, which bounds the cache.
const EXPONENTS = new Map<string, number>();

/** Digits after the decimal point in `currency` (GBP 2, JPY 0, BHD 3), from the runtime's ICU data. */
export function currencyExponent(currency: string): number {
  const known = EXPONENTS.get(currency);
  if (known !== undefined) return known;
  let exponent: number;
  try {
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    exponent = 2;
  }
  if (CURRENCY_CODE.test(currency)) EXPONENTS.set(currency, exponent);
  return exponent;
}

/**
 * Major units typed by a person (500, 1250.5) to minor units of `currency` (GBP 125050, JPY 1250
 * stays 1250): rounded to the currency's own digits, never a fixed ×100.
 */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyExponent(currency));
}

/**
 * Minor units as major units with the currency's decimals (GBP 123450 → "1234.50", JPY 1500 →
 * "1500"), on the digits: no float drift. The plain form a CSV export writes and an import reads.
 */
export function formatMajorUnits(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${minor < 0 ? '-' : ''}${whole}${fraction}`;
}

/** The currency an amount is shown in when its own code is malformed (docs/product.md, Constants). */
export const DEFAULT_CURRENCY = 'GBP';


// One formatter per currency and style; building one is far slower than formatting with it.
// Only well-formed codes reach it, which bounds the cache.
const FORMATTERS = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: string, wholeShort: boolean): Intl.NumberFormat {
  const key = `${currency}:${wholeShort}`;
  let formatter = FORMATTERS.get(key);
  if (!formatter) {
    const trailing = wholeShort ? { trailingZeroDisplay: 'stripIfInteger' as const } : {};
    formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency, ...trailing });
    FORMATTERS.set(key, formatter);
  }
  return formatter;
}

/**
 * Minor units shown as money in en-GB style in their own currency (docs/product.md): GBP 123456 is
 * "£1,234.56", EUR 1050 "€10.50", JPY 1500 "JP¥1,500". Formatted from the decimal digits, so no
 * float drift. `wholeShort` drops ".00" from a whole amount ("£500", for a filter's label). A
 * malformed code shows as GBP rather than breaking a table.
 */
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY, options: { wholeShort?: boolean } = {}): string {
  const upper = currency.toUpperCase();
  const code = CURRENCY_CODE.test(upper) ? upper : DEFAULT_CURRENCY;
  const digits = formatMajorUnits(minor, code) as Intl.StringNumericLiteral;
  return moneyFormatter(code, options.wholeShort ?? false).format(digits);
}
