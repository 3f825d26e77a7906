import { describe, expect, it } from 'vitest';

import { RequestError } from '../../lib/request-error';

import { checkInvoiceDraft, invoiceErrorsFrom } from './invoice-form';

const draft = { number: 'INV-1', amount: '1,250.50', issuedOn: '2026-11-01', dueDate: '2026-12-01', paymentUrl: '' };

describe('checkInvoiceDraft', () => {
  it('reads a whole draft as the API takes it', () => {
    expect(checkInvoiceDraft({ ...draft, number: ' INV-1 ', paymentUrl: ' https://pay.example/1 ' }, 'GBP')).toEqual({
      errors: {},
      invoice: { number: 'INV-1', amount_due: 125_050, issued_on: '2026-11-01', due_date: '2026-12-01', payment_url: 'https://pay.example/1' },
    });
    expect(checkInvoiceDraft({ ...draft, amount: '1500' }, 'JPY').invoice?.amount_due).toBe(1500);
  });

  it('says what is wrong with each field, in words', () => {
    expect(checkInvoiceDraft({ number: ' ', amount: '0', issuedOn: '', dueDate: '2026-12-01', paymentUrl: 'javascript:alert(1)' }, 'GBP')).toEqual({
      errors: {
        number: 'Enter the invoice number',
        amount_due: 'Enter an amount such as 250 or 1,250.50',
        issued_on: 'Enter the day the invoice was issued',
        payment_url: 'Enter a web address starting https://',
      },
      invoice: null,
    });
    expect(checkInvoiceDraft({ ...draft, dueDate: '2026-10-31' }, 'GBP').errors).toEqual({ due_date: 'The due date cannot be before the invoice was issued' });
    expect(checkInvoiceDraft({ ...draft, amount: '12.5' }, 'JPY').errors).toEqual({ amount_due: 'Enter a whole amount such as 1500' });
  });
});

describe('invoiceErrorsFrom', () => {
  it('puts each reason on its field, and what has none in the form’s alert', () => {
    const refused = new RequestError({ kind: 'http', status: 422, message: 'Refused', details: [{ field: 'amount_due', reason: 'must be at least £40.00' }] });
    expect(invoiceErrorsFrom(refused)).toEqual({ errors: { amount_due: 'must be at least £40.00' }, formError: null });
    const elsewhere = new RequestError({ kind: 'http', status: 422, message: "The customer's invoices are in EUR", details: [{ field: 'currency', reason: 'must be EUR' }] });
    expect(invoiceErrorsFrom(elsewhere)).toEqual({ errors: {}, formError: "The customer's invoices are in EUR" });
    expect(invoiceErrorsFrom(new Error('boom')).formError).toBe('Something went wrong. Please try again.');
  });
});
