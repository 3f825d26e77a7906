import {
  importFieldSchema,
  type CustomerImport,
  type DateOrder,
  type ImportField,
  type ImportMapping,
  type ImportStartInput,
} from '@receivables/contracts';

/** The select's value for a field the file does not have. */
export const NOT_IN_FILE = -1;

/** The mapping form's state: every field has a column or {@link NOT_IN_FILE}, as a select needs. */
export interface MappingFormValues {
  mapping: Record<ImportField, number>;
  default_currency: string;
  date_order: DateOrder;
}

/** Common ISO codes offered for rows without a currency; the first is the default. */
export const DEFAULT_CURRENCIES = ['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'JPY', 'SGD', 'HKD', 'ZAR', 'AED', 'INR'];

/**
 * The form as the import was left: its own mapping when it has one, else the suggestion; rows
 * without a currency default to the organisation's (Settings → Organisation, decision 0028).
 */
export function toFormValues(source: CustomerImport, organisationCurrency: string = DEFAULT_CURRENCIES[0] ?? 'GBP'): MappingFormValues {
  const mapping = source.mapping ?? source.suggested_mapping;
  return {
    mapping: Object.fromEntries(importFieldSchema.options.map((f) => [f, mapping[f] ?? NOT_IN_FILE])) as Record<ImportField, number>,
    default_currency: source.default_currency ?? organisationCurrency,
    date_order: source.date_order ?? source.suggested_date_order,
  };
}

/** The mapping as the contracts read it: unmapped fields left out. */
export function toImportMapping(values: MappingFormValues['mapping']): ImportMapping {
  const mapping: ImportMapping = {};
  for (const field of importFieldSchema.options) {
    const column = values[field];
    if (column !== NOT_IN_FILE) mapping[field] = column;
  }
  return mapping;
}

/** What `POST /start` is sent. */
export function toStartInput(values: MappingFormValues): ImportStartInput {
  return { mapping: toImportMapping(values.mapping), default_currency: values.default_currency, date_order: values.date_order };
}

const currencyNames = new Intl.DisplayNames(['en-GB'], { type: 'currency' });

/** "GBP — British Pound"; the bare code when the runtime does not know it. */
export function currencyLabel(code: string): string {
  let name: string | undefined;
  try {
    name = currencyNames.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${code} — ${name}` : code;
}
