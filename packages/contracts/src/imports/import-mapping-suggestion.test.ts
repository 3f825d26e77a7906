import { describe, expect, it } from 'vitest';

import type { ImportMapping } from './import-fields';
import { normaliseHeader, suggestImportMapping } from './import-mapping-suggestion';

/** The mapping as field → header name, which reads better than column numbers. */
function byName(headers: string[], mapping: ImportMapping): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(mapping).map(([field, column]) => [field, headers[column]]));
}

describe('suggestImportMapping', () => {
  it('maps a Xero export, where AmountDue is what is left to pay', () => {
    const headers = ['*ContactName', 'EmailAddress', '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'Total', 'AmountPaid', 'AmountDue', 'Currency', 'Status'];
    expect(byName(headers, suggestImportMapping(headers))).toEqual({
      customer_name: '*ContactName',
      contact_email: 'EmailAddress',
      invoice_number: '*InvoiceNumber',
      issued_on: '*InvoiceDate',
      due_date: '*DueDate',
      amount_total: 'Total',
      amount_paid: 'AmountPaid',
      amount_remaining: 'AmountDue',
      currency: 'Currency',
      status: 'Status',
    });
  });

  it('maps a Stripe export, where Amount Due is the total beside Amount Remaining', () => {
    const headers = ['id', 'Number', 'Customer', 'Customer Name', 'Customer Email', 'Amount Due', 'Amount Paid', 'Amount Remaining', 'Currency', 'Status', 'Date (UTC)', 'Due Date (UTC)', 'Hosted Invoice URL'];
    expect(byName(headers, suggestImportMapping(headers))).toEqual({
      invoice_external_id: 'id',
      invoice_number: 'Number',
      customer_ref: 'Customer',
      customer_name: 'Customer Name',
      contact_email: 'Customer Email',
      amount_total: 'Amount Due',
      amount_paid: 'Amount Paid',
      amount_remaining: 'Amount Remaining',
      currency: 'Currency',
      status: 'Status',
      issued_on: 'Date (UTC)',
      due_date: 'Due Date (UTC)',
      payment_url: 'Hosted Invoice URL',
    });
  });

  it('maps a QuickBooks open-invoices report and leaves unknown columns alone', () => {
    const headers = ['Date', 'Transaction type', 'Num', 'Name', 'Due date', 'Amount', 'Open balance'];
    expect(byName(headers, suggestImportMapping(headers))).toEqual({
      issued_on: 'Date',
      invoice_number: 'Num',
      customer_name: 'Name',
      due_date: 'Due date',
      amount_total: 'Amount',
      amount_remaining: 'Open balance',
    });
  });

  it('uses each column once and a lone Customer column as the name', () => {
    expect(suggestImportMapping(['Customer', 'Invoice', 'Due'])).toEqual({ customer_name: 0, invoice_number: 1, due_date: 2 });
    expect(suggestImportMapping(['Email', 'E-mail'])).toEqual({ contact_email: 0 });
    expect(suggestImportMapping([])).toEqual({});
  });

  it('normalises headers', () => {
    expect(normaliseHeader('*Due Date (UTC)')).toBe('duedate');
    expect(normaliseHeader(' Invoice No. ')).toBe('invoiceno');
    expect(normaliseHeader('Échéance')).toBe('échéance');
  });
});
