import { addDays, type CustomerDetail, type Invoice, organisationToday } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { formatLongDate } from '../../../lib/format';
import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { customerDetail, customerPage } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { TEST_ORGANISATION } from '../../../test/signed-in';
import { planRecord, workflowRecord } from '../../../test/workflow-data';

const today = organisationToday(TEST_ORGANISATION.time_zone);
const NOT_FOUND = 'The page you are looking for does not exist.';

const invoice = (n: number, overrides: Partial<Invoice>): Invoice => ({
  id: `66666666-6666-4666-8666-66666666666${n}`,
  customer_id: customerDetail().id,
  number: `INV-200${n}`,
  currency: 'GBP',
  amount_due: 100_000,
  amount_paid: 0,
  amount_remaining: 100_000,
  issued_on: addDays(today, -30),
  due_date: addDays(today, -30),
  status: 'open',
  source: 'api',
  external_id: null,
  payment_url: null,
  payment_retry_at: null,
  created_at: '2026-10-01T00:00:00Z',
  updated_at: '2026-10-01T00:00:00Z',
  ...overrides,
});

/** The customer's page answers with `customer` and `invoices`, and nothing else on it yet. */
function answerCustomerPage(customer: CustomerDetail | Response | (() => CustomerDetail | Response), invoices: Invoice[] = []) {
  server.use(
    onApi('GET /api/customers/:id/', customer),
    onApi('GET /api/invoices/', { rows: invoices, total: invoices.length }),
    onApi('GET /api/customers/:id/payments/', { rows: [], total: 0 }),
    onApi('GET /api/customers/:id/notes/', { rows: [], total: 0 }),
    onApi('GET /api/customers/:id/timeline', { rows: [], total: 0 }),
    onApi('GET /api/customers/:id/plan/', planRecord()),
    onApi('GET /api/workflows/', { rows: [workflowRecord()], total: 1 }),
    onApi('GET /api/tags', { rows: [], total: 0 }),
  );
}

/** The header's figure under `label`. */
function figure(label: string): string | null {
  const header = screen.getByRole('region', { name: 'Halcyon Hardware' });
  const term = within(header).getByText(label, { selector: 'dt' });
  return within(term.parentElement!).getByRole('definition').textContent;
}

describe('a customer at /customers/:id', () => {
  it('shows the balance three ways, how late and how many invoices, and under a pause the standing it hides', async () => {
    const pausedUntil = addDays(today, 45);
    answerCustomerPage(
      customerDetail({
        name: 'Halcyon Hardware',
        standing: 'paused',
        paused_until: pausedUntil,
        underlying_standing: 'multiple_missed',
        due_date: addDays(today, -30),
        n_invoices: 2,
        balance: { open: 175_000, overdue: 125_000, not_yet_due: 50_000 },
      }),
    );
    renderRoute(`/customers/${customerDetail().id}`);
    await screen.findByRole('heading', { level: 1, name: 'Halcyon Hardware' });
    expect(figure('Open balance')).toBe('£1,750.00');
    expect(figure('Overdue')).toBe('£1,250.00');
    expect(figure('Not yet due')).toBe('£500.00');
    expect(figure('Days late')).toBe('30 days');
    expect(figure('Overdue invoices')).toBe('2');
    expect(screen.getByText(`Paused until ${formatLongDate(pausedUntil)} · Several missed underneath`)).toBeTruthy();
    // How the customer is chased comes before its payments and timeline in the page's order: on a
    // phone's one column the next email is not read after the whole timeline (issue 30).
    const chasing = screen.getByRole('region', { name: 'Chasing' });
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(chasing.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('counts a late standing from the oldest overdue due date, not from when it was recorded', async () => {
    answerCustomerPage(
      customerDetail({ name: 'Halcyon Hardware', standing: 'multiple_missed', due_date: addDays(today, -75), standing_since: `${addDays(today, -2)}T09:00:00Z`, n_invoices: 2 }),
    );
    renderRoute(`/customers/${customerDetail().id}`);
    const header = await screen.findByRole('region', { name: 'Halcyon Hardware' });
    expect(within(header).getByText('Several missed')).toBeTruthy();
    expect(within(header).getByText(`since ${formatLongDate(addDays(today, -75))}`)).toBeTruthy();
    expect(figure('Days late')).toBe('75 days');
  });

  it('lists each invoice’s dates, days overdue, money and state: overdue, part-paid, and not yet due', async () => {
    answerCustomerPage(customerDetail({ name: 'Halcyon Hardware' }), [
      invoice(1, {}),
      // £150 of £400 came in; £250 is still owed 20 days after its due date.
      invoice(2, {
        amount_due: 40_000,
        amount_paid: 15_000,
        amount_remaining: 25_000,
        issued_on: addDays(today, -20),
        due_date: addDays(today, -20),
      }),
      invoice(3, { amount_due: 50_000, amount_remaining: 50_000, issued_on: addDays(today, -20), due_date: addDays(today, 10) }),
    ]);
    renderRoute(`/customers/${customerDetail().id}`);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await within(table).findByText('INV-2001');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Number',
      'Issued',
      'Due date',
      'Days overdue',
      'Amount',
      'Paid',
      'Remaining',
      'Status',
      'Actions',
    ]);
    // The first cell also holds the status for phones; the rest are one fact each, then the row's menu.
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
    const day = (offset: number) => formatLongDate(addDays(today, offset));
    expect(rows).toEqual([
      [day(-30), day(-30), '30', '£1,000.00', '£0.00', '£1,000.00', 'Overdue', ''],
      // No payment on the page accounts for the £150 (decision 0042): the status says who marked it paid.
      [day(-20), day(-20), '20', '£400.00', '£150.00', '£250.00', 'Part-paid£150.00 marked paid by a connected system', ''],
      [day(-20), day(10), '—', '£500.00', '£0.00', '£500.00', 'Due', ''],
    ]);
  });

  it('is the not-found screen for an id that names nobody, and does not even ask for a malformed one', async () => {
    answerCustomerPage(apiError(404, 'NOT_FOUND', 'Customer not found'));
    const { unmount } = renderRoute('/customers/not-a-uuid');
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(apiRequests('GET /api/customers/:id/')).toEqual([]);
    unmount();

    renderRoute('/customers/0f0e0d0c-0b0a-4908-8706-050403020100');
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(apiRequests('GET /api/customers/:id/')).toHaveLength(1);
  });

  it('is the error screen when the customer cannot be loaded: Try Again loads it, Go Back returns to where the person was', async () => {
    // The error screen logs what went wrong for whoever reads the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    answerCustomerPage(() => (failing ? apiError(500, 'INTERNAL', 'Database unavailable') : customerDetail({ name: 'Flaky Fabrics' })));
    server.use(onApi('GET /api/customers/', customerPage([], 0)), onApi('GET /api/customers/overdue-summary', { customers_overdue: 0, default_currency: 'GBP', currencies: [], chasing_stopped: [] }));
    const { router, unmount } = renderRoute('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await router.navigate({ to: '/customers/$customerId', params: { customerId: customerDetail().id } });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Flaky Fabrics' })).toBeTruthy();

    // Reloaded while it fails again: Go Back leaves for the page before it.
    failing = true;
    const address = window.location.pathname;
    unmount();
    const reloaded = renderRoute(address);
    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(reloaded.router.state.location.pathname).toBe('/home'));
  });
});
