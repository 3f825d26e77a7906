import { describe, expect, it } from 'vitest';

import { columnsNamedIn, rejectedRowColumns } from './rejected-row-columns';

// Xero's export: *ContactName, EmailAddress, *InvoiceNumber, Reference, *InvoiceDate, *DueDate, Total…
const mapping = { customer_name: 0, contact_email: 1, invoice_number: 2, issued_on: 4, due_date: 5, amount_total: 6 };

describe('rejectedRowColumns', () => {
  it('adds the columns the reasons name to the leading three, in file order, once each', () => {
    const reasons = [
      'Invoice total: “-5.00” is negative: credit notes are not imported; Due date: “31/02/2026” is not a date (read day first)',
      'Due date: is empty',
      'Invoice number: is empty',
    ];
    expect(rejectedRowColumns(11, reasons, mapping)).toEqual([0, 1, 2, 5, 6]);
  });

  it('shows only the leading columns when no reason names a mapped field, or the import has no mapping', () => {
    expect(rejectedRowColumns(11, ['INV-1 is also on row 2'], mapping)).toEqual([0, 1, 2]);
    expect(rejectedRowColumns(11, ['Due date: is empty'], null)).toEqual([0, 1, 2]);
    expect(rejectedRowColumns(2, ['Due date: is empty'], { due_date: 1 })).toEqual([0, 1]);
  });

  it('tells which columns one reason is about', () => {
    expect(columnsNamedIn('Due date: is empty; Invoice date: is empty', mapping)).toEqual([5, 4]);
  });
});
