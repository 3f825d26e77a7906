import type { ImportedRow } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { type ExistingInvoice, InvoicePlanner } from './plan-import-invoices';

const invoice = (over: Partial<ImportedRow['invoice']> = {}): ImportedRow['invoice'] => ({
  number: 'INV-1',
  externalId: null,
  currency: 'GBP',
  issuedOn: '2026-07-01',
  dueDate: '2026-07-31',
  amountDue: 10_000,
  amountPaid: 0,
  amountRemaining: 10_000,
  status: 'open',
  paymentUrl: null,
  ...over,
});

const stored = (over: Partial<ExistingInvoice> = {}): ExistingInvoice => ({
  id: 'i1',
  customerId: 'c1',
  customerName: 'Acme Ltd',
  number: 'INV-1',
  currency: 'GBP',
  amountDue: 10_000,
  amountPaid: 0,
  amountRemaining: 10_000,
  status: 'open',
  issuedOn: '2026-07-01',
  dueDate: '2026-07-31',
  paymentUrl: 'https://pay.example/1',
  externalId: null,
  source: 'csv',
  ...over,
});

const planner = (existing: ExistingInvoice[] = [], csvIds: [string, string][] = []) =>
  new InvoicePlanner(new Map(existing.map((e) => [e.number, e])), new Map(csvIds));

describe('InvoicePlanner', () => {
  it('inserts a new number', () => {
    expect(planner().plan(2, invoice(), 'c1')).toEqual({ kind: 'insert', values: { customerId: 'c1', ...invoice() } });
  });

  it('leaves an invoice alone when nothing differs, keeping a payment link the file does not give', () => {
    expect(planner([stored()]).plan(2, invoice(), 'c1')).toEqual({ kind: 'unchanged' });
  });

  it('updates what differs and says what changed', () => {
    const plan = planner([stored()]).plan(2, invoice({ amountPaid: 10_000, amountRemaining: 0, status: 'paid' }), 'c1');
    expect(plan).toMatchObject({
      kind: 'update',
      id: 'i1',
      before: { amount_paid: 0, amount_remaining: 10_000, status: 'open' },
      after: { amount_paid: 10_000, amount_remaining: 0, status: 'paid' },
    });
  });

  it('refuses an invoice number that belongs to another customer', () => {
    expect(planner([stored()]).plan(2, invoice(), 'c2')).toEqual({ kind: 'reject', reason: 'INV-1 belongs to Acme Ltd' });
  });

  it('keeps an invoice id that another CSV invoice carries, or that an earlier row claimed, from being used twice', () => {
    const p = planner([], [['in_9', 'INV-9']]);
    expect(p.plan(2, invoice({ externalId: 'in_9' }), 'c1')).toEqual({ kind: 'reject', reason: 'Invoice ID in_9 is already used by invoice INV-9' });
    expect(p.plan(3, invoice({ number: 'INV-2', externalId: 'in_2' }), 'c1').kind).toBe('insert');
    expect(p.plan(4, invoice({ number: 'INV-3', externalId: 'in_2' }), 'c1')).toEqual({ kind: 'reject', reason: 'Invoice ID in_2 is also on row 3' });
  });

  it('never changes the id of an invoice another source owns', () => {
    const plan = planner([stored({ source: 'stripe', externalId: 'in_stripe' })]).plan(2, invoice({ externalId: 'in_other' }), 'c1');
    expect(plan).toEqual({ kind: 'unchanged' });
  });
});
