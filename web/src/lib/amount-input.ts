import { currencyExponent } from '@receivables/contracts';

/**
 * An amount as a person types it, with or without thousands separators (500, 1,250.50) and a
 * leading currency sign, with at most the currency's own decimals: two for pounds and euros, none
 * for yen.
 */
export function amountPattern(currency: string): RegExp {
  const exponent = currencyExponent(currency);
  return new RegExp(`^(\\d{1,3}(,\\d{3})+|\\d+)${exponent > 0 ? `(\\.\\d{1,${exponent}})?` : ''}$`);
}

/** The typed text without spaces or a leading currency sign: what amountPattern reads. */
export const amountText = (raw: string): string => raw.trim().replace(/^[£€$¥]/, '');

/** A typed amount in major units, or null when it is not one in `currency` (empty included). */
export function readAmount(raw: string, currency: string): number | null {
  const text = amountText(raw);
  return amountPattern(currency).test(text) ? Number(text.replaceAll(',', '')) : null;
}

/** What to type instead, for a field of `currency`. */
export const amountHint = (currency: string): string =>
  currencyExponent(currency) > 0 ? 'Numbers only, such as 500 or 1250.50' : 'Whole amounts only, such as 1500';
