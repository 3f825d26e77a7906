import { describe, expect, it } from 'vitest';

import { mappingProblems } from './import-fields';
import { describeProblems, importFieldsNamedIn, type ImportRowResult, readImportRow } from './import-row';

const options = { defaultCurrency: 'GBP', dateOrder: 'dmy' as const };
/** Columns: name, email, number, issued, due, total, paid, remaining, currency, status, link */
const mapping = {
  customer_name: 0,
  contact_email: 1,
  invoice_number: 2,
  issued_on: 3,
  due_date: 4,
  amount_total: 5,
  amount_paid: 6,
  amount_remaining: 7,
  currency: 8,
  status: 9,
  payment_url: 10,
};
const row = (overrides: Partial<Record<number, string>> = {}): string[] => {
  const cells = ['Harbour Lane Bakery', 'accounts@harbourlane.co.uk', 'INV-1009', '31/10/2026', '30/11/2026', '5911.07', '2955.53', '2955.54', 'GBP', 'AUTHORISED', 'https://pay.example/1'];
  for (const [i, v] of Object.entries(overrides)) cells[Number(i)] = v ?? '';
  return cells;
};
const reasons = (result: ImportRowResult) => (result.ok ? 'ok' : describeProblems(result.problems));

describe('readImportRow', () => {
  it('reads a full row into a customer and an invoice in minor units', () => {
    expect(readImportRow(row(), mapping, options)).toEqual({
      ok: true,
      row: {
        customer: { name: 'Harbour Lane Bakery', ref: null, email: 'accounts@harbourlane.co.uk', workflow: null },
        invoice: {
          number: 'INV-1009',
          externalId: null,
          currency: 'GBP',
          issuedOn: '2026-10-31',
          dueDate: '2026-11-30',
          amountDue: 591107,
          amountPaid: 295553,
          amountRemaining: 295554,
          status: 'open',
          paymentUrl: 'https://pay.example/1',
        },
      },
    });
  });

  it('works out the missing amount from the two it is given', () => {
    const onlyOpen = { customer_name: 0, invoice_number: 2, due_date: 4, amount_remaining: 7 };
    const open = readImportRow(row(), onlyOpen, options);
    expect(open.ok && open.row.invoice).toMatchObject({ amountDue: 295554, amountPaid: 0, amountRemaining: 295554, status: 'open', issuedOn: '2026-11-30' });

    const totalAndPaid = { customer_name: 0, invoice_number: 2, due_date: 4, amount_total: 5, amount_paid: 6 };
    const partial = readImportRow(row(), totalAndPaid, options);
    expect(partial.ok && partial.row.invoice).toMatchObject({ amountDue: 591107, amountPaid: 295553, amountRemaining: 295554 });

    const settled = readImportRow(row({ 7: '0.00', 6: '5911.07', 9: '' }), mapping, options);
    expect(settled.ok && settled.row.invoice.status).toBe('paid');
  });

  it('follows a stated status: paid with only a total means paid in full, void leaves nothing to collect', () => {
    const totalOnly = { customer_name: 0, invoice_number: 2, due_date: 4, amount_total: 5, status: 9 };
    const paid = readImportRow(row({ 9: 'PAID' }), totalOnly, options);
    expect(paid.ok && paid.row.invoice).toMatchObject({ amountPaid: 591107, amountRemaining: 0, status: 'paid' });
    const voided = readImportRow(row({ 9: 'VOIDED' }), mapping, options);
    expect(voided.ok && voided.row.invoice).toMatchObject({ amountRemaining: 0, status: 'void' });
    expect(reasons(readImportRow(row({ 9: 'PAID' }), mapping, options))).toBe('Status: is Paid, but part of the invoice is still outstanding');
  });

  it('uses the default currency when the row has none and the currency’s decimals', () => {
    const result = readImportRow(row({ 8: '', 5: '£5,911.07' }), mapping, options);
    expect(result.ok && result.row.invoice.currency).toBe('GBP');
    const yen = readImportRow(row({ 8: 'jpy', 5: '5911', 6: '0', 7: '5911' }), mapping, options);
    expect(yen.ok && yen.row.invoice).toMatchObject({ currency: 'JPY', amountDue: 5911 });
  });

  it('gives every problem of a bad row with the field’s label', () => {
    const bad = readImportRow(row({ 0: ' ', 1: 'not-an-email', 4: '31/13/2026', 5: '-5.00', 8: 'POUNDS', 10: 'ftp://x' }), mapping, options);
    expect(reasons(bad)).toBe([
      'Customer name: is empty',
      'Contact email: “not-an-email” is not an email address',
      'Payment link: “ftp://x” is not an http or https link',
      'Currency: “POUNDS” is not a currency code such as GBP',
      'Due date: “31/13/2026” is not a date (read day first)',
    ].join('; '));
  });

  it('checks the amounts against each other and the dates against each other', () => {
    expect(reasons(readImportRow(row({ 6: '1.00' }), mapping, options))).toBe('Amount paid: plus the amount outstanding is not the invoice total');
    expect(reasons(readImportRow(row({ 7: '9999.00' }), mapping, options))).toBe('Amount outstanding: is more than the invoice total');
    expect(reasons(readImportRow(row({ 3: '01/12/2026' }), mapping, options))).toBe('Due date: 2026-11-30 is before the invoice date 2026-12-01');
    expect(reasons(readImportRow(row({ 5: '', 7: '' }), mapping, options))).toBe('Invoice total: is empty, and so is the amount outstanding');
    expect(reasons(readImportRow(row({ 5: '€5.00' }), mapping, options))).toBe('Invoice total: “€5.00” is in EUR, but the invoice is in GBP');
  });

  it('refuses over-long text and treats missing cells as empty', () => {
    expect(reasons(readImportRow(row({ 2: 'X'.repeat(101) }), mapping, options))).toBe('Invoice number: is longer than 100 characters');
    expect(reasons(readImportRow(['Acme'], mapping, options))).toMatch(/^Invoice number: is empty; Due date: is empty/);
  });
});

describe('mappingProblems', () => {
  it('names each required field that is not mapped, and the missing amount', () => {
    expect(mappingProblems({})).toEqual([
      { field: 'customer_name', reason: 'must be mapped to a column (Customer name)' },
      { field: 'invoice_number', reason: 'must be mapped to a column (Invoice number)' },
      { field: 'due_date', reason: 'must be mapped to a column (Due date)' },
      { field: 'amount_total', reason: 'map the invoice total or the amount outstanding' },
    ]);
    expect(mappingProblems({ customer_name: 0, invoice_number: 1, due_date: 2, amount_remaining: 3 })).toEqual([]);
  });
});

describe('importFieldsNamedIn', () => {
  it('finds the fields a refusal names, longest label first, once each', () => {
    const reason = describeProblems([
      { field: 'due_date', reason: '“31/02/2026” is not a date (read day first)' },
      { field: 'invoice_number', reason: 'is empty' },
      { field: 'due_date', reason: 'is before the invoice date' },
    ]);
    expect(importFieldsNamedIn(reason)).toEqual(['due_date', 'invoice_number']);
    expect(importFieldsNamedIn('Invoice ID 7 is also on row 3')).toEqual(['invoice_external_id']);
    expect(importFieldsNamedIn('INV-1 is also on row 2; Amount paid: is more than the invoice total')).toEqual(['amount_paid']);
    expect(importFieldsNamedIn('2 customers are called Acme: add a Customer ID column')).toEqual([]);
  });
});
