import type { Invoice } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';
import { usePaidWithoutPayments } from '../use-paid-without-payments';

import { CustomerInvoicesCard } from './customer-invoices-card';
import { CustomerPaymentsCard } from './customer-payments-card';

const ID = customerRecord().id;

const invoice = (n: number, overrides: Partial<Invoice> = {}): Invoice => ({
  id: `99999999-9999-4999-8999-99999999999${n}`,
  customer_id: ID,
  number: `INV-300${n}`,
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

const card = () => <CustomerInvoicesCard customerId={ID} customerName="Acme Ltd" currency="GBP" />;

describe('invoices by hand (decision 0042)', () => {
  it('adds an invoice: its own checks first, then the server’s reason on the field it names', async () => {
    let refuse = true;
    server.use(
      onApi('GET /api/invoices/', { rows: [], total: 0 }),
      onApi('POST /api/invoices/', () =>
        refuse
          ? apiError(409, 'CONFLICT', 'An invoice with this number already exists', [{ field: 'number', reason: 'is already used by another invoice' }])
          : withStatus(201, invoice(5)),
      ),
    );
    renderWithApp(card());
    fireEvent.click(await screen.findByRole('button', { name: 'Add an invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an invoice' });

    // Nothing typed: each field says what it needs, and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add invoice' }));
    expect(await within(dialog).findByText('Enter the invoice number')).toBeTruthy();
    expect(within(dialog).getByText('Enter an amount such as 250 or 1,250.50')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Payment link/), { target: { value: 'pay.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add invoice' }));
    expect(await within(dialog).findByText('Enter a web address starting https://')).toBeTruthy();
    expect(apiRequests('POST /api/invoices/')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Invoice number/), { target: { value: ' INV-3005 ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount \(GBP\)/), { target: { value: '£1,200.50' } });
    fireEvent.change(within(dialog).getByLabelText(/^Payment link/), { target: { value: 'https://pay.example.com/3005' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add invoice' }));
    // The number is taken: said under the number, not in a box at the top.
    const numberField = within(dialog).getByLabelText(/^Invoice number/);
    await waitFor(() => expect(numberField.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('is already used by another invoice')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const [sent] = apiRequests('POST /api/invoices/').map((r) => r.body as Record<string, unknown>);
    expect(sent).toMatchObject({ customer_id: ID, number: 'INV-3005', currency: 'GBP', amount_due: 120_050, payment_url: 'https://pay.example.com/3005' });
    expect(typeof sent?.issued_on).toBe('string');
    expect(String(sent?.due_date) > String(sent?.issued_on)).toBe(true);

    refuse = false;
    fireEvent.change(numberField, { target: { value: 'INV-3006' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Invoice INV-3006 for £1,200.50 added')).toBeTruthy();
  });

  it('voids an invoice from its row menu, by keyboard alone, after saying what it does to chasing', async () => {
    server.use(
      onApi('GET /api/invoices/', { rows: [invoice(1), invoice(2, { status: 'paid', amount_paid: 120_000, amount_remaining: 0 })], total: 2 }),
      onApi('PUT /api/invoices/:id/', withStatus(200, invoice(1, { status: 'void', amount_remaining: 0 }))),
    );
    const user = userEvent.setup();
    renderWithApp(card());
    const table = await screen.findByRole('table', { name: 'Invoices' });
    // A paid invoice has nothing to change: only the open one has a menu.
    expect(within(table).getAllByRole('button', { name: /^Invoice actions/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Invoice actions for INV-3001']);

    const menuButton = within(table).getByRole('button', { name: 'Invoice actions for INV-3001' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit invoice', 'Void invoice', 'Write off']);
    await user.keyboard('{ArrowDown}{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Void invoice INV-3001?' });
    expect(within(dialog).getByText(/Acme Ltd will no longer owe the £1,200.00 left on it, and no reminder will chase it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiRequests('PUT /api/invoices/:id/').map((r) => [r.url, r.body])).toEqual([[`/api/invoices/${invoice(1).id}/`, { status: 'void' }]]);
    expect(await screen.findByText('Invoice INV-3001 voided')).toBeTruthy();
  });

  it('edits an invoice, sending only what changed, with the server’s reason on the amount', async () => {
    let refuse = true;
    server.use(
      onApi('GET /api/invoices/', { rows: [invoice(1, { amount_paid: 40_000, amount_remaining: 80_000 })], total: 1 }),
      onApi('PUT /api/invoices/:id/', () =>
        refuse
          ? apiError(422, 'DOMAIN_RULE', 'The invoice has been paid more than its new amount', [{ field: 'amount_due', reason: 'must be at least the £400.00 already paid' }])
          : withStatus(200, invoice(1, { amount_due: 50_000, amount_paid: 40_000, amount_remaining: 10_000 })),
      ),
    );
    renderWithApp(card());
    fireEvent.click(await screen.findByRole('button', { name: 'Invoice actions for INV-3001' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit invoice INV-3001' });
    expect(within(dialog).getByText('Issued 1 September 2026 · £400.00 paid so far')).toBeTruthy();
    const amount = within(dialog).getByLabelText(/^Amount \(GBP\)/);
    expect((amount as HTMLInputElement).value).toBe('1200.00');
    // Nothing changed yet: nothing to save.
    expect(within(dialog).getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(amount, { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('must be at least the £400.00 already paid')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiRequests('PUT /api/invoices/:id/').map((r) => r.body)).toEqual([{ amount_due: 30_000 }, { amount_due: 50_000 }]);
  });

  it('reopens a void invoice; a Stripe one says to change it in Stripe', async () => {
    server.use(
      onApi('GET /api/invoices/', { rows: [invoice(1, { status: 'void', amount_remaining: 0 }), invoice(2, { source: 'stripe' })], total: 2 }),
    );
    renderWithApp(card());
    fireEvent.click(await screen.findByRole('button', { name: 'Invoice actions for INV-3001' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reopen invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen invoice INV-3001?' });
    expect(within(dialog).getByText('Acme Ltd will owe the £1,200.00 unpaid on it again, and reminders will chase it if it is overdue.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Invoice actions for INV-3002' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Stripe keeps this invoice: change it there, and the next sync brings it here.']);
  });

  it('offers a member no way to add or change invoices, and says who can', async () => {
    server.use(onApi('GET /api/invoices/', { rows: [invoice(1)], total: 1 }));
    renderWithApp(card(), { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).queryByRole('button', { name: /^Invoice actions/ })).toBeNull();
    const add = screen.getByRole('button', { name: 'Add an invoice' });
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.mouseOver(add.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Only an admin or the owner can add or change customers, invoices and payments.');
  });

  it('agrees with the Payments card when an import marked invoices paid: both say so, in words', async () => {
    server.use(
      onApi('GET /api/invoices/', {
        rows: [
          invoice(1),
          invoice(2, { status: 'paid', amount_paid: 120_000, amount_remaining: 0 }),
          invoice(3, { status: 'paid', amount_paid: 50_000, amount_due: 50_000, amount_remaining: 0 }),
        ],
        total: 3,
      }),
      onApi('GET /api/customers/:id/payments/', { rows: [], total: 0 }),
    );
    // As the customer page wires them: one reading for both cards.
    function BothCards() {
      const paidWithoutPayments = usePaidWithoutPayments(ID);
      return (
        <>
          <CustomerInvoicesCard customerId={ID} customerName="Acme Ltd" currency="GBP" paidWithoutPayments={paidWithoutPayments} />
          <CustomerPaymentsCard customerId={ID} currency="GBP" paidWithoutPayments={paidWithoutPayments} />
        </>
      );
    }
    renderWithApp(<BothCards />);
    expect(await screen.findByText('No payments recorded here')).toBeTruthy();
    expect(screen.getByText('INV-3002 and INV-3003 were marked paid by an import: £1,700.00 with no payment recorded here.')).toBeTruthy();
    expect(screen.queryByText('No payments recorded')).toBeNull();
    const rows = within(screen.getByRole('table', { name: 'Invoices' })).getAllByRole('row').slice(1);
    expect(within(rows[0]!).queryByText(/Marked paid/)).toBeNull();
    expect(within(rows[1]!).getAllByText('Marked paid by an import').length).toBeGreaterThan(0);
  });
});
