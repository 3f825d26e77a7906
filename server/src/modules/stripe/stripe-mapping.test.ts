import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';

import { mapCreditNote, mapCustomer, mapInvoice, mapInvoicePayment } from './stripe-mapping';

const invoice = (fields: Partial<Stripe.Invoice>): Stripe.Invoice =>
  ({
    id: 'in_1',
    object: 'invoice',
    customer: 'cus_1',
    number: 'INV-1',
    currency: 'eur',
    amount_due: 10_000,
    amount_paid: 2_500,
    amount_remaining: 7_500,
    status: 'open',
    created: Date.UTC(2026, 9, 1, 23, 30) / 1000,
    due_date: Date.UTC(2026, 9, 31, 12) / 1000,
    hosted_invoice_url: 'https://invoice.stripe.com/i/1',
    collection_method: 'send_invoice',
    attempt_count: 0,
    next_payment_attempt: null,
    status_transitions: { finalized_at: Date.UTC(2026, 9, 2, 8) / 1000, paid_at: null, voided_at: null, marked_uncollectible_at: null },
    ...fields,
  }) as Stripe.Invoice;

describe('Stripe objects in our terms', () => {
  it('an open invoice: what is left to pay, issued when finalised, due on its due date, its hosted page as the payment link', () => {
    expect(mapInvoice(invoice({}))).toEqual({
      stripeId: 'in_1',
      stripeCustomerId: 'cus_1',
      number: 'INV-1',
      currency: 'EUR',
      amountDue: 10_000,
      amountPaid: 2_500,
      amountRemaining: 7_500,
      status: 'open',
      issuedOn: '2026-10-02',
      dueDate: '2026-10-31',
      paymentUrl: 'https://invoice.stripe.com/i/1',
      retry: { nextAttemptAt: null, attempts: 0, ended: false },
    });
  });

  it('Stripe’s own collection: retrying while it has a next try, over once an open invoice it charges has none left', () => {
    const automatic = { collection_method: 'charge_automatically' as const, due_date: null };
    const nextTry = Date.UTC(2026, 9, 5, 10) / 1000;
    expect(mapInvoice(invoice({ ...automatic, attempt_count: 1, next_payment_attempt: nextTry }))).toMatchObject({
      retry: { nextAttemptAt: new Date(nextTry * 1000), attempts: 1, ended: false },
    });
    const givenUp = invoice({ ...automatic, attempt_count: 4, next_payment_attempt: null });
    expect(mapInvoice(givenUp)).toMatchObject({ retry: { nextAttemptAt: null, attempts: 4, ended: true } });
    // Never tried yet, paid, or sent for the customer to pay: no retries to be over.
    expect(mapInvoice(invoice({ ...automatic, attempt_count: 0 }))).toMatchObject({ retry: { ended: false } });
    const paid = invoice({ ...automatic, attempt_count: 2, status: 'paid', amount_paid: 10_000, amount_remaining: 0 });
    expect(mapInvoice(paid)).toMatchObject({ retry: { ended: false } });
    expect(mapInvoice(invoice({ attempt_count: 1 }))).toMatchObject({ retry: { ended: false } });
  });

  it('an invoice charged automatically is due when issued; paid and void leave nothing to collect; a draft is skipped', () => {
    expect(mapInvoice(invoice({ due_date: null }))).toMatchObject({ dueDate: '2026-10-02' });
    expect(mapInvoice(invoice({ status: 'paid', amount_paid: 10_000, amount_remaining: 0 }))).toMatchObject({ status: 'paid', amountRemaining: 0, amountPaid: 10_000 });
    expect(mapInvoice(invoice({ status: 'void' }))).toMatchObject({ status: 'void', amountRemaining: 0 });
    expect(mapInvoice(invoice({ status: 'draft', number: null }))).toEqual({ skip: true, reason: 'is a draft' });
    expect(mapInvoice(invoice({ customer: null }))).toEqual({ skip: true, reason: 'has no customer' });
  });

  it('a customer is named by its name, else its email, else its id; its currency upper-cased when Stripe has fixed one', () => {
    const customer = (fields: Partial<Stripe.Customer>) => ({ id: 'cus_9', object: 'customer', name: null, email: null, currency: null, ...fields }) as Stripe.Customer;
    expect(mapCustomer(customer({ name: ' Acme Ltd ', email: 'ap@acme.example', currency: 'gbp' }))).toEqual({ stripeId: 'cus_9', name: 'Acme Ltd', email: 'ap@acme.example', currency: 'GBP' });
    expect(mapCustomer(customer({ email: 'ap@acme.example' }))).toMatchObject({ name: 'ap@acme.example', currency: null });
    expect(mapCustomer(customer({}))).toMatchObject({ name: 'cus_9', email: null });
  });

  it('only a paid invoice payment is money received', () => {
    const payment = (fields: Partial<Stripe.InvoicePayment>) =>
      ({ id: 'inpay_1', object: 'invoice_payment', invoice: 'in_1', amount_paid: 2_500, currency: 'eur', status: 'paid', created: 1_790_000_000, status_transitions: { paid_at: 1_790_000_100, canceled_at: null }, ...fields }) as Stripe.InvoicePayment;
    expect(mapInvoicePayment(payment({}))).toEqual({
      stripeId: 'inpay_1',
      stripeInvoiceId: 'in_1',
      kind: 'payment',
      amount: 2_500,
      currency: 'EUR',
      paidAt: new Date(1_790_000_100_000),
    });
    expect(mapInvoicePayment(payment({ status: 'open' }))).toBeNull();
    expect(mapInvoicePayment(payment({ amount_paid: null }))).toBeNull();
  });

  it('a credit note is a credit entry on its invoice, dated when it took effect; a voided one is none', () => {
    const note = (fields: Partial<Stripe.CreditNote>) =>
      ({ id: 'cn_1', object: 'credit_note', invoice: 'in_1', amount: 700, currency: 'gbp', status: 'issued', created: 1_790_000_000, effective_at: 1_790_000_500, ...fields }) as Stripe.CreditNote;
    expect(mapCreditNote(note({}))).toEqual({
      stripeId: 'cn_1',
      stripeInvoiceId: 'in_1',
      kind: 'credit_note',
      amount: 700,
      currency: 'GBP',
      paidAt: new Date(1_790_000_500_000),
    });
    expect(mapCreditNote(note({ effective_at: null }))).toMatchObject({ paidAt: new Date(1_790_000_000_000) });
    expect(mapCreditNote(note({ status: 'void' }))).toBeNull();
  });
});
