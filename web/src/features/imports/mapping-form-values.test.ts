import { describe, expect, it } from 'vitest';

import { importRecord } from '../../test/import-data';

import { currencyLabel, NOT_IN_FILE, toFormValues, toStartInput } from './mapping-form-values';

describe('mapping form values', () => {
  it('starts from the suggestion, GBP and the suggested date order', () => {
    const values = toFormValues(importRecord({ suggested_date_order: 'mdy' }));
    expect(values.mapping.customer_name).toBe(0);
    expect(values.mapping.status).toBe(NOT_IN_FILE);
    expect(values.default_currency).toBe('GBP');
    expect(values.date_order).toBe('mdy');
  });

  it('starts rows without a currency in the organisation’s default currency (decision 0028)', () => {
    expect(toFormValues(importRecord({}), 'CHF').default_currency).toBe('CHF');
  });

  it('prefers what the import was already given', () => {
    const values = toFormValues(importRecord({ mapping: { customer_name: 3 }, default_currency: 'EUR', date_order: 'dmy' }));
    expect(values.mapping.customer_name).toBe(3);
    expect(values.mapping.invoice_number).toBe(NOT_IN_FILE);
    expect(values.default_currency).toBe('EUR');
  });

  it('sends only the mapped fields', () => {
    const values = toFormValues(importRecord({ suggested_mapping: { customer_name: 0, due_date: 2 } }));
    expect(toStartInput(values)).toEqual({ mapping: { customer_name: 0, due_date: 2 }, default_currency: 'GBP', date_order: 'dmy' });
  });

  it('names currencies', () => {
    expect(currencyLabel('GBP')).toBe('GBP — British Pound');
  });
});
