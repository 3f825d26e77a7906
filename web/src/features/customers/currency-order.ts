import type { CustomerSortField } from '@receivables/contracts';

// Decision 0013: amounts are ranked within their currency, never across. Sorted by amount, the
// list holds the organisation's currency first, then every other currency in code order, each
// largest first (or smallest first); these say so on the screen.

/** The currencies a list sorted by amount shows, in its order: the organisation's first, the others A–Z. */
export function currencyOrder(lead: string, currencies: Iterable<string>): string[] {
  const unique = new Set(currencies);
  const others = [...unique].filter((code) => code !== lead).sort();
  return unique.has(lead) ? [lead, ...others] : others;
}

/**
 * The label of the chip that says which currencies the amount sort holds and in what order
 * ("Currencies: GBP first, then EUR, USD"); undefined when it is not sorted by amount or holds one
 * currency, where there is nothing to explain. `included` is the currency filter when there is one,
 * otherwise every currency the organisation is known to use.
 */
export function currencyOrderLabel(sort: CustomerSortField, lead: string, included: Iterable<string>): string | undefined {
  if (sort !== 'amount_overdue') return undefined;
  const [first, ...rest] = currencyOrder(lead, included);
  if (first === undefined || rest.length === 0) return undefined;
  return `Currencies: ${first} first, then ${rest.join(', ')}`;
}

/**
 * The rows (by index) a currency heading goes above on a page sorted by amount: the first of each
 * currency. None when every row is in the organisation's currency, so a book in one currency never
 * sees a heading; a page that holds another currency names each, its first row included.
 */
export function currencyGroupStarts(rows: readonly { currency: string }[], lead: string): Set<number> {
  if (rows.every((row) => row.currency === lead)) return new Set();
  return new Set(rows.flatMap((row, i) => (i === 0 || rows[i - 1]?.currency !== row.currency ? [i] : [])));
}

const currencyNames = new Intl.DisplayNames(['en-GB'], { type: 'currency' });

/** A currency heading: "British Pound (GBP) · organisation’s currency", "Euro (EUR)". */
export function currencyGroupLabel(code: string, lead: string): string {
  const name = `${currencyNames.of(code) ?? code} (${code})`;
  return code === lead ? `${name} · organisation’s currency` : name;
}
