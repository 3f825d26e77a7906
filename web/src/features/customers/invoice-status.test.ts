import { describe, expect, it } from 'vitest';

import { invoiceDaysOverdue, invoiceDisplayStatus } from './invoice-status';

const TODAY = '2027-03-03';
const open = { status: 'open' as const, due_date: '2027-03-02', amount_paid: 0, amount_remaining: 10_000 };

describe('invoiceDisplayStatus', () => {
  it('is overdue from the day after the due date, and due until then', () => {
    expect(invoiceDisplayStatus(open, TODAY)).toBe('overdue');
    expect(invoiceDisplayStatus({ ...open, due_date: TODAY }, TODAY)).toBe('due');
    expect(invoiceDisplayStatus({ ...open, due_date: '2027-04-01' }, TODAY)).toBe('due');
  });

  it('says part-paid whenever some money has come in and some is left, late or not', () => {
    expect(invoiceDisplayStatus({ ...open, amount_paid: 2_500, amount_remaining: 7_500 }, TODAY)).toBe('part_paid');
    expect(invoiceDisplayStatus({ ...open, amount_paid: 2_500, amount_remaining: 7_500, due_date: '2027-04-01' }, TODAY)).toBe('part_paid');
  });

  it('follows the stored status once settled', () => {
    expect(invoiceDisplayStatus({ ...open, status: 'paid', amount_paid: 10_000, amount_remaining: 0 }, TODAY)).toBe('paid');
    expect(invoiceDisplayStatus({ ...open, status: 'void', amount_remaining: 0 }, TODAY)).toBe('void');
    expect(invoiceDisplayStatus({ ...open, status: 'uncollectible', amount_remaining: 0 }, TODAY)).toBe('written_off');
    expect(invoiceDisplayStatus({ ...open, amount_paid: 10_000, amount_remaining: 0 }, TODAY)).toBe('paid');
  });
});

describe('invoiceDaysOverdue', () => {
  it('counts days past the due date of what is still owed', () => {
    expect(invoiceDaysOverdue({ ...open, due_date: '2027-02-01' }, TODAY)).toBe(30);
    expect(invoiceDaysOverdue({ ...open, due_date: TODAY }, TODAY)).toBeNull();
    expect(invoiceDaysOverdue({ ...open, status: 'paid', amount_remaining: 0, due_date: '2027-02-01' }, TODAY)).toBeNull();
    expect(invoiceDaysOverdue({ ...open, status: 'void', due_date: '2027-02-01' }, TODAY)).toBeNull();
  });
});
