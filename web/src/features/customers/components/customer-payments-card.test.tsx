import type { Invoice, Payment } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';

import { CustomerPaymentsCard } from './customer-payments-card';

const ID = customerRecord().id;

const payment = (n: number, overrides: Partial<Payment> = {}): Payment => ({
  id: `77777777-7777-4777-8777-77777777777${n}`,
  customer_id: ID,
  invoice_id: null,
  invoice_number: `INV-100${n}`,
  amount: 5000,
  currency: 'GBP',
  paid_at: '2026-11-03T10:00:00Z',
  source: 'stripe',
  external_id: null,
  kind: 'payment',
  amount_refunded: 0,
  allocations: [],
  created_at: '2026-11-03T10:00:00Z',
  ...overrides,
});

describe('the payments card', () => {
  it('names a credit note as one and says what of a payment was refunded, under its amount', async () => {
    server.use(
      onApi('GET /api/customers/:id/payments/', {
        rows: [
          payment(1, { kind: 'credit_note', amount: 2500 }),
          payment(2, { amount_refunded: 1200 }),
          payment(3, { amount_refunded: 5000 }),
          payment(4),
        ],
        total: 4,
      }),
    );
    renderWithApp(<CustomerPaymentsCard customerId={ID} currency="GBP" />);
    const table = await screen.findByRole('table', { name: 'Payments' });
    const [credit, partly, fully, kept] = within(table).getAllByRole('row').slice(1);
    expect(within(credit!).getByRole('cell', { name: '£25.00 Credit note' })).toBeTruthy();
    expect(within(partly!).getByRole('cell', { name: '£50.00 Refunded £12.00' })).toBeTruthy();
    expect(within(fully!).getByRole('cell', { name: '£50.00 Refunded in full' })).toBeTruthy();
    expect(within(kept!).getByRole('cell', { name: '£50.00' })).toBeTruthy();
    expect(within(kept!).queryByText(/Refunded|Credit note/)).toBeNull();
  });

  it('says where a payment on account went, and what it left as credit', async () => {
    const allocations = [
      { invoice_id: '88888888-8888-4888-8888-888888888881', invoice_number: 'INV-1001', amount: 300_000 },
      { invoice_id: '88888888-8888-4888-8888-888888888882', invoice_number: 'INV-1002', amount: 200_000 },
    ];
    server.use(
      onApi('GET /api/customers/:id/payments/', {
        rows: [
          payment(1, { invoice_number: null, amount: 550_000, allocations }),
          payment(2, { invoice_number: null, amount: 500_000, allocations }),
        ],
        total: 2,
      }),
    );
    renderWithApp(<CustomerPaymentsCard customerId={ID} currency="GBP" />);
    const table = await screen.findByRole('table', { name: 'Payments' });
    const [partly, fully] = within(table).getAllByRole('row').slice(1);
    expect(within(partly!).getByText('On account: £3,000.00 to INV-1001, £2,000.00 to INV-1002; £500.00 held as credit')).toBeTruthy();
    expect(within(fully!).getByText('On account: £3,000.00 to INV-1001, £2,000.00 to INV-1002')).toBeTruthy();
  });

  it('records a payment by hand: on account by default, or against an open invoice; the server’s reason shows on its field', async () => {
    const invoice = (n: number, overrides: Partial<Invoice> = {}): Invoice => ({
      id: `88888888-8888-4888-8888-88888888888${n}`,
      customer_id: ID,
      number: `INV-200${n}`,
      currency: 'GBP',
      amount_due: 120_000,
      amount_paid: 0,
      amount_remaining: 120_000,
      issued_on: '2026-09-01',
      due_date: '2026-10-01',
      status: 'open',
      source: 'csv',
      external_id: null,
      payment_url: null,
      payment_retry_at: null,
      created_at: '2026-09-01T00:00:00Z',
      updated_at: '2026-09-01T00:00:00Z',
      ...overrides,
    });
    let refuse = true;
    server.use(
      onApi('GET /api/customers/:id/payments/', { rows: [], total: 0 }),
      onApi('GET /api/invoices/', { rows: [invoice(1), invoice(2, { status: 'paid', amount_remaining: 0 })], total: 2 }),
      onApi('POST /api/payments/', () =>
        refuse ? apiError(422, 'DOMAIN_RULE', 'The payment is more than the invoice has left', [{ field: 'amount', reason: 'is more than the £1,200.00 left on INV-2001' }]) : withStatus(201, payment(9)),
      ),
    );
    renderWithApp(<CustomerPaymentsCard customerId={ID} currency="GBP" />);
    expect(await screen.findByText('No payments recorded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record a payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });

    // Not an amount: said on the field, nothing sent.
    fireEvent.change(within(dialog).getByLabelText(/^Amount \(GBP\)/), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter an amount such as 250 or 1,250.50')).toBeTruthy();
    expect(apiRequests('POST /api/payments/')).toHaveLength(0);

    // Against the open invoice (the paid one is not offered); the server refuses, on the amount.
    fireEvent.change(within(dialog).getByLabelText(/^Amount \(GBP\)/), { target: { value: '1,500' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Pays' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['On account', 'INV-2001 · £1,200.00 left · due 1 October 2026']);
    fireEvent.click(options[1]!);
    fireEvent.change(within(dialog).getByLabelText('Reference'), { target: { value: 'BACS 4411' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('is more than the £1,200.00 left on INV-2001')).toBeTruthy();
    expect(apiRequests('POST /api/payments/').map((r) => r.body)).toEqual([
      { customer_id: ID, amount: 150_000, currency: 'GBP', invoice_id: invoice(1).id, external_id: 'BACS 4411' },
    ]);

    refuse = false;
    fireEvent.change(within(dialog).getByLabelText(/^Amount \(GBP\)/), { target: { value: '1200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Payment of £1,200.00 recorded')).toBeTruthy();
  });
});
