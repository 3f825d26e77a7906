import type { CustomerCreateInput, OverdueSummary } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { customerDetail, customerPage, customerRecord } from '../../../test/customer-data';
import { toDoRecord } from '../../../test/home-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { planRecord, workflowRecord } from '../../../test/workflow-data';

const NOTHING_OVERDUE: OverdueSummary = { customers_overdue: 0, default_currency: 'GBP', currencies: [], chasing_stopped: [] };
const ADDED = customerDetail({ id: '55555555-5555-4555-8555-555555555555', name: 'First Light Fabrication', amount_overdue: 0, standing: 'in_good_standing', n_invoices: 0, due_date: null });

/** What the new customer's page asks for: a customer with nothing on it yet. */
function answerNewCustomerPage() {
  server.use(
    onApi('GET /api/customers/:id/', ADDED),
    onApi('GET /api/invoices/', { rows: [], total: 0 }),
    onApi('GET /api/customers/:id/payments/', { rows: [], total: 0 }),
    onApi('GET /api/customers/:id/notes/', { rows: [], total: 0 }),
    onApi('GET /api/customers/:id/timeline', { rows: [], total: 0 }),
    onApi('GET /api/customers/:id/plan/', planRecord()),
    onApi('GET /api/workflows/', { rows: [workflowRecord()], total: 1 }),
    onApi('GET /api/tags', { rows: [], total: 0 }),
  );
}

describe('Home at /home', () => {
  // Nothing to do unless a test says otherwise (its own answer comes first).
  beforeEach(() => server.use(onApi('GET /api/home/to-do', toDoRecord())));

  it('welcomes a new organisation by first name and offers three ways in instead of an empty table', async () => {
    server.use(onApi('GET /api/customers/', customerPage([], 0)), onApi('GET /api/customers/overdue-summary', NOTHING_OVERDUE));
    renderRoute('/home');
    const steps = within(await screen.findByRole('region', { name: 'Get started' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('h3, p')?.textContent)).toEqual([
      'Import your customers and invoices',
      'Or add a customer by hand',
      'Or connect Stripe',
    ]);
    expect(screen.getByText(/^Welcome, Ann\./)).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    expect(screen.queryByRole('table', { name: 'Top debtors' })).toBeNull();
    expect(screen.queryByText('No revenue data yet')).toBeNull();
  });

  it('opens a customer added by hand from the first visit, in the organisation’s currency, and Home is then the usual one', async () => {
    let added = false;
    server.use(
      // The count (one row asked for) finds the new customer; Top debtors, asking for those who owe, nobody.
      onApi('GET /api/customers/', ({ query }) => (added && query.filter_str === undefined ? customerPage([customerRecord(ADDED)], 1) : customerPage([], 0))),
      onApi('GET /api/customers/overdue-summary', NOTHING_OVERDUE),
      onApi('POST /api/customers/', () => {
        added = true;
        return withStatus(201, ADDED);
      }),
    );
    answerNewCustomerPage();
    const { router } = renderRoute('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a customer' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Currency/).value).toBe('GBP');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'First Light Fabrication' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add customer' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'First Light Fabrication' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/customers/${ADDED.id}`);
    expect(apiRequests('POST /api/customers/').map((r) => r.body as CustomerCreateInput)).toEqual([{ name: 'First Light Fabrication', currency: 'GBP' }]);

    await router.navigate({ to: '/home' });
    expect(await screen.findByText(/^Welcome back, Ann\./)).toBeTruthy();
    expect(await screen.findByText('No revenue data yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('says in each card that the API failed, and Try again on Top debtors brings back the table and the totals', async () => {
    let failing = true;
    const debtor = customerRecord({ name: 'Retry Roofing', amount_overdue: 50_000 });
    server.use(
      onApi('GET /api/customers/', () => (failing ? apiError(500, 'INTERNAL', 'Boom') : customerPage([debtor], 1))),
      onApi('GET /api/customers/overdue-summary', () =>
        failing ? apiError(500, 'INTERNAL', 'Boom') : { customers_overdue: 1, default_currency: 'GBP', currencies: [{ currency: 'GBP', amount_overdue: 50_000, customers_overdue: 1 }], chasing_stopped: [] },
      ),
    );
    renderRoute('/home');
    const topDebtors = await screen.findByRole('region', { name: 'Top debtors' });
    expect(await within(topDebtors).findByText('Failed to load top debtors')).toBeTruthy();
    expect(await screen.findByText('Failed to load what is overdue')).toBeTruthy();

    failing = false;
    fireEvent.click(within(topDebtors).getByRole('button', { name: 'Try again' }));
    const table = await within(topDebtors).findByRole('table', { name: 'Top debtors' });
    expect(await within(table).findByText('Retry Roofing')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('list', { name: 'Total overdue per currency' }).textContent).toContain('£500.00'));
  });

  it('lists in To do what needs a person today, most pressing first, each line opening the screen filtered to it', async () => {
    const stopped = customerRecord({ name: 'Silent Supplies', chase_stopped: { reason: 'no_contact', since: '2026-03-04T12:30:00Z' } });
    server.use(
      onApi('GET /api/customers/', ({ query }) => (query.filter_str?.includes('chase_stopped') ? customerPage([stopped], 1) : customerPage([customerRecord()], 1))),
      onApi('GET /api/customers/overdue-summary', {
        customers_overdue: 4,
        default_currency: 'GBP',
        currencies: [{ currency: 'GBP', amount_overdue: 400_000, customers_overdue: 4 }],
        chasing_stopped: [{ reason: 'workflow_finished', customers: 3 }, { reason: 'no_contact', customers: 1 }],
      }),
      onApi('GET /api/home/to-do', toDoRecord({ replies_to_read: 2, promises_due: 1, promises_broken: 1, disputes: 1, emails_today: 19, emails_tomorrow: 1, pauses_ending: 2 })),
    );
    const { router } = renderRoute('/home');
    const toDo = await screen.findByRole('region', { name: 'To do' });
    const lines = await within(toDo).findAllByRole('listitem');
    expect(lines.map((line) => within(line).getByRole('link').textContent)).toEqual([
      '2 replies to read',
      '1 promise to pay due today',
      '1 promise to pay broken',
      '1 customer disputes what they owe',
      '3 customers owe and chasing stopped: workflow finished',
      '1 customer owes and chasing stopped: no contact to write to',
      '19 emails go out today',
      '1 email goes out tomorrow',
      '2 pauses end this week',
    ]);
    expect(lines[5]?.textContent).toContain('Add a contact with an email address and chasing resumes.');
    // Today's emails open the outbox on the planned emails of today.
    expect(within(toDo).getByRole('link', { name: '19 emails go out today' }).getAttribute('href')).toBe('/emails/?status=pending&from=2026-11-27&to=2026-11-27');
    expect(within(toDo).getByRole('link', { name: '1 promise to pay due today' }).getAttribute('href')).toBe(
      '/customers/?standing=%5B%22paused%22%5D&pause_reason=%5B%22promise%22%5D&pause_ends_by=2026-11-28',
    );

    fireEvent.click(within(toDo).getByRole('link', { name: /no contact to write to/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/'));
    expect(router.state.location.search).toMatchObject({ stopped: ['no_contact'] });
    expect(await screen.findByText('Silent Supplies')).toBeTruthy();
    expect(screen.getByText('Stopped: no contact to write to')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Chasing stopped: no contact to write to/ })).toBeTruthy();
    const asked = apiRequests('GET /api/customers/').map((r) => r.query.filter_str).filter((f) => f?.includes('chase_stopped'));
    expect(asked.at(-1)).toBe(JSON.stringify([{ field: 'chase_stopped', operator: 'in', value: ['no_contact'] }]));
  });

  it('says in To do that nothing needs a person when chasing runs for everyone who owes', async () => {
    server.use(
      onApi('GET /api/customers/', customerPage([customerRecord()], 1)),
      onApi('GET /api/customers/overdue-summary', { ...NOTHING_OVERDUE, customers_overdue: 1, currencies: [{ currency: 'GBP', amount_overdue: 123_456, customers_overdue: 1 }] }),
    );
    renderRoute('/home');
    const toDo = await screen.findByRole('region', { name: 'To do' });
    expect(await within(toDo).findByText(/^Nothing needs you/)).toBeTruthy();
  });

  it('names the next day emails go when none go today or tomorrow, and opens the outbox on that day', async () => {
    server.use(
      onApi('GET /api/customers/', customerPage([customerRecord()], 1)),
      onApi('GET /api/customers/overdue-summary', { ...NOTHING_OVERDUE, customers_overdue: 1, currencies: [{ currency: 'GBP', amount_overdue: 123_456, customers_overdue: 1 }] }),
      onApi('GET /api/home/to-do', toDoRecord({ today: '2026-11-28', tomorrow: '2026-11-29', next_emails: { day: '2026-11-30', count: 19 } })),
    );
    renderRoute('/home');
    const toDo = await screen.findByRole('region', { name: 'To do' });
    const line = await within(toDo).findByRole('link', { name: '19 emails go out on Monday 30 November' });
    expect(line.getAttribute('href')).toBe('/emails/?status=pending&from=2026-11-30&to=2026-11-30');
    expect(toDo.textContent).toContain('Nothing goes out today or tomorrow.');
    expect(within(toDo).queryByText(/^Nothing needs you/)).toBeNull();
  });
});
