import type { Payment } from '@receivables/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { onApi } from '../../../test/api-handlers';
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
    renderWithApp(<CustomerPaymentsCard customerId={ID} />);
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
    renderWithApp(<CustomerPaymentsCard customerId={ID} />);
    const table = await screen.findByRole('table', { name: 'Payments' });
    const [partly, fully] = within(table).getAllByRole('row').slice(1);
    expect(within(partly!).getByText('On account: £3,000.00 to INV-1001, £2,000.00 to INV-1002; £500.00 held as credit')).toBeTruthy();
    expect(within(fully!).getByText('On account: £3,000.00 to INV-1001, £2,000.00 to INV-1002')).toBeTruthy();
  });
});
