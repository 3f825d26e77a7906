import { addDays, type Customer, type CustomerListResponse, daysLate, organisationToday } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, type ApiAnswer, type ApiRequest, apiRequests, onApi } from '../../../test/api-handlers';
import { customerDetail, customerPage, customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { TEST_ORGANISATION } from '../../../test/signed-in';
import { planRecord, workflowRecord } from '../../../test/workflow-data';

const today = organisationToday(TEST_ORGANISATION.time_zone);

const customer = (overrides: Partial<Customer>): Customer =>
  customerRecord({
    standing: 'multiple_missed',
    last_chase_at: '2026-11-03T10:00:00Z',
    n_invoices: 3,
    due_date: addDays(today, -12),
    contact: { id: '33333333-3333-4333-8333-333333333333', name: 'Ann', email: 'ann@acme.test', phone: null, role: 'primary', undeliverable: null },
    ...overrides,
  });

const tag = (n: number) => ({ id: `44444444-4444-4444-8444-44444444444${n}`, name: `Tag ${n}`, colour: '#3949ab' });

const GLOBEX = customer({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Globex',
  currency: 'EUR',
  standing: 'in_good_standing',
  amount_overdue: 0,
  n_invoices: 0,
  due_date: null,
  last_chase_at: null,
  contact: null,
});

const TWO_ROWS: CustomerListResponse = customerPage([customer({ tags: [tag(1), tag(2), tag(3), tag(4)] }), GLOBEX], 2);

/** The list answers `list`; the filter panel's currencies come from the overdue summary. */
function answerList(list: ApiAnswer<'GET /api/customers/'> | ((request: ApiRequest) => ApiAnswer<'GET /api/customers/'>)) {
  server.use(
    onApi('GET /api/customers/', list),
    onApi('GET /api/customers/overdue-summary', { customers_overdue: 0, default_currency: 'GBP', currencies: [], chasing_stopped: [] }),
  );
}

/** The query of each list request, in order. */
const listQueries = () => apiRequests('GET /api/customers/').map((r) => r.query);

describe('the customer list at /customers/', () => {
  it('lists the first page, formatted, biggest debt first', async () => {
    answerList(TWO_ROWS);
    renderRoute('/customers/');

    const table = await screen.findByRole('table', { name: 'Customers' });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeTruthy();
    expect(screen.getByText('2 customers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import CSV' }).getAttribute('href')).toBe('/customers/import');

    // Sorted by amount across two currencies: each is headed, the organisation's first (decision 0013).
    const [gbpHeading, acme, eurHeading, globex] = within(table).getAllByRole('row').slice(1);
    expect(gbpHeading?.textContent).toBe('British Pound (GBP) · organisation’s currency');
    expect(eurHeading?.textContent).toBe('Euro (EUR)');
    expect(screen.getByRole('button', { name: 'Currencies: GBP first, then EUR' })).toBeTruthy();
    const acmeCells = within(acme!).getAllByRole('cell').map((c) => c.textContent);
    expect(acmeCells.slice(1)).toEqual([
      // The name with the email under it; a tag, then how many more (two from 1536 px).
      'Acme Widgets Ltdann@acme.test',
      'Several missed',
      '£1,234.56',
      '3',
      '12',
      '3 November 2026',
      'Tag 1+3',
    ]);
    expect(within(acme!).getByRole('link', { name: 'Acme Widgets Ltd' }).getAttribute('href')).toBe('/customers/11111111-1111-4111-8111-111111111111');
    expect(within(globex!).getAllByRole('cell').map((c) => c.textContent).slice(1)).toEqual([
      'Globex',
      'Good standing',
      '€0.00',
      '0',
      '—',
      'Never',
      '',
    ]);

    expect(listQueries()[0]).toEqual({ limit: '50', offset: '0', sort_field: 'amount_overdue', sort_order: 'desc' });
    expect(within(table).getByRole('columnheader', { name: 'Amount overdue' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('past the count’s cap says “more than”, and pages on while the server says a page follows', async () => {
    const page = (next: string | null) => customerPage(TWO_ROWS.rows, 1_000, { total_capped: true, next_cursor: next });
    answerList(page('cursor-after-globex'));
    const { router } = renderRoute('/customers/');
    const table = await screen.findByRole('table', { name: 'Customers' });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByText('More than 1,000 customers')).toBeTruthy();
    // A capped page is a full one: MUI counts to the page's end.
    expect(screen.getByText('1–50 of more than 1,000')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Go to next page' });
    expect(next.hasAttribute('disabled')).toBe(false);

    // Page two is the last: nothing after it, so no way further however uncounted the total.
    answerList(page(null));
    fireEvent.click(next);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go to next page' }).hasAttribute('disabled')).toBe(true));
  });

  it('sorts by a header click through the URL and back to page one', async () => {
    answerList(TWO_ROWS);
    const { router } = renderRoute('/customers/?page=2');
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(listQueries()[0]).toMatchObject({ offset: '50' });

    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    // Page one is the default, so it leaves the URL rather than showing as page=1.
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', order: 'asc' }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ sort_field: 'name', sort_order: 'asc', offset: '0' }));
    expect(within(table).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    // Descending is the default order, so it too leaves the URL.
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name' }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ sort_field: 'name', sort_order: 'desc' }));
    expect(within(table).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');

    // Days late is the due date upside down: most days late first is the oldest due date first.
    fireEvent.click(within(table).getByRole('button', { name: 'Days late' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'due_date', order: 'asc' }));
    expect(within(table).getByRole('columnheader', { name: 'Days late' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('opens a customer when its row is activated with Enter', async () => {
    answerList(TWO_ROWS);
    server.use(
      onApi('GET /api/customers/:id/', customerDetail(GLOBEX)),
      onApi('GET /api/invoices/', { rows: [], total: 0 }),
      onApi('GET /api/customers/:id/payments/', { rows: [], total: 0 }),
      onApi('GET /api/customers/:id/notes/', { rows: [], total: 0 }),
      onApi('GET /api/customers/:id/timeline', { rows: [], total: 0 }),
      onApi('GET /api/customers/:id/plan/', planRecord()),
      onApi('GET /api/workflows/', { rows: [workflowRecord()], total: 1 }),
      onApi('GET /api/tags', { rows: [], total: 0 }),
    );
    const { router } = renderRoute('/customers/');
    const name = await screen.findByText('Globex');
    fireEvent.keyDown(name.closest('tr')!, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Globex' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/customers/${GLOBEX.id}`);
    expect(apiRequests('GET /api/customers/:id/').map((r) => r.params.id)).toEqual([GLOBEX.id]);
  });

  it('selects rows one by one or the whole page, and clears the selection', async () => {
    answerList(TWO_ROWS);
    renderRoute('/customers/');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Globex' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('lets a member select and export, but says why there is no bulk action or import', async () => {
    answerList(TWO_ROWS);
    renderRoute('/customers/', { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Globex' }));
    const selection = screen.getByRole('region', { name: 'Selection' });
    expect(within(selection).getByText('Only an admin or the owner can change customers in bulk.')).toBeTruthy();
    expect(within(selection).queryByRole('button', { name: /^(Add tag|Remove tag|Pause|Resume|Assign workflow)$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export selected (1)' })).toHaveProperty('disabled', false);
    // Import is there, disabled, and says why on hover.
    expect(screen.queryByRole('link', { name: 'Import CSV' })).toBeNull();
    const importButton = screen.getByRole('button', { name: 'Import CSV' });
    expect(importButton).toHaveProperty('disabled', true);
    fireEvent.mouseOver(importButton.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Only an admin or the owner can import customers.');
  });

  it('gives an admin the bulk actions and the way to import', async () => {
    answerList(TWO_ROWS);
    renderRoute('/customers/', { organisation: { ...TEST_ORGANISATION, role: 'admin' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Globex' }));
    expect(within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Assign workflow' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import CSV' }).getAttribute('href')).toBe('/customers/import');
  });

  it('debounces the search into the URL, starting again from page one', async () => {
    answerList(TWO_ROWS);
    const { router } = renderRoute('/customers/?page=3');
    await screen.findByRole('table', { name: 'Customers' });
    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: 'acme' } });
    expect(router.state.location.search).toEqual({ page: 3 });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'acme' }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ q: 'acme', offset: '0' }));
  });

  it('applies filters from the panel, checks the numbers and shows each filter as a chip', { timeout: 30_000 }, async () => {
    answerList(TWO_ROWS);
    // The panel offers the organisation's tags.
    server.use(onApi('GET /api/tags', { rows: [], total: 0 }));
    const { router } = renderRoute('/customers/');
    fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const form = await screen.findByRole('form', { name: 'Filters' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Several missed' }));
    fireEvent.change(within(form).getByLabelText('Min amount'), { target: { value: '500' } });
    fireEvent.change(within(form).getByLabelText('Max amount'), { target: { value: '100' } });
    expect(within(form).getByText('Must be at least the minimum')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Apply filters' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByLabelText('Max amount'), { target: { value: 'lots' } });
    expect(within(form).getByText('Numbers only, such as 500 or 1250.50')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Max amount'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toEqual({ standing: ['multiple_missed'], min_amount: 500, amount_currency: 'GBP', has_contact: true }),
    );
    await waitFor(() =>
      expect(JSON.parse(listQueries().at(-1)!.filter_str!)).toEqual([
        { field: 'standing', operator: 'in', value: ['multiple_missed'] },
        { field: 'amount_overdue', operator: 'gte', value: 50_000, currency: 'GBP' },
        { field: 'contact_email', operator: 'ne', value: null },
      ]),
    );
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Standing: Several missed')).toBeTruthy();
    expect(within(chips).getByText('Amount ≥ £500')).toBeTruthy();
    fireEvent.click(within(chips).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('says when there are no customers at all', async () => {
    answerList(customerPage([], 0));
    renderRoute('/customers/');
    expect(await screen.findByText('No customers yet')).toBeTruthy();
    expect(screen.getByText(/Stripe/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import from CSV' }).getAttribute('href')).toBe('/customers/import');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('offers a member with no customers no import, and says why', async () => {
    answerList(customerPage([], 0));
    renderRoute('/customers/', { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    expect(await screen.findByText('No customers yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Import from CSV' })).toBeNull();
    const importButton = screen.getByRole('button', { name: 'Import from CSV' });
    expect(importButton).toHaveProperty('disabled', true);
    fireEvent.mouseOver(importButton.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Only an admin or the owner can import customers.');
  });

  it('says when nothing matches the filters, and clears them', async () => {
    answerList(customerPage([], 0));
    const { router } = renderRoute('/customers/?standing=%5B%22paused%22%5D&q=zzz');
    expect(await screen.findByText('No customers match these filters')).toBeTruthy();
    expect(screen.getByText('0 customers match')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByLabelText<HTMLInputElement>('Search customers').value).toBe('');
  });

  it('shows a failure with a retry', async () => {
    answerList(apiError(500, 'INTERNAL', 'Database unavailable'));
    renderRoute('/customers/');
    expect(await screen.findByText('Failed to load customers')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

/** Open the filter panel, let `change` fill it in, and apply it. */
async function applyFilters(change: (form: HTMLElement) => void) {
  fireEvent.click(await screen.findByRole('button', { name: /^Filters/ }));
  const form = await screen.findByRole('form', { name: 'Filters' });
  change(form);
  fireEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Filters' })).toBeNull());
}

/** The customers the table shows, top to bottom. */
const shownNames = () => within(screen.getByRole('table', { name: 'Customers' })).queryAllByRole('link').map((link) => link.textContent);

/** The text of each active filter's chip (the list ends with its "Clear all"). */
const chips = () =>
  within(screen.getByRole('list', { name: 'Active filters' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent)
    .filter((text) => text !== 'Clear all');

describe('the customer list in the address bar', () => {
  it('keeps the order it was given across a reload, amounts smallest first included', async () => {
    answerList(TWO_ROWS);
    const { router, unmount } = renderRoute('/customers/');
    const table = await screen.findByRole('table', { name: 'Customers' });
    fireEvent.click(within(table).getByRole('button', { name: 'Amount overdue' }));
    // Amount overdue is the default sort, so only the order shows in the URL.
    await waitFor(() => expect(router.state.location.search).toEqual({ order: 'asc' }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ sort_field: 'amount_overdue', sort_order: 'asc' }));

    // A reload is the app started again at that address.
    const address = `${window.location.pathname}${window.location.search}`;
    unmount();
    renderRoute(address);
    const reloaded = await screen.findByRole('table', { name: 'Customers' });
    expect(within(reloaded).getByRole('columnheader', { name: 'Amount overdue' }).getAttribute('aria-sort')).toBe('ascending');
    expect(listQueries().at(-1)).toMatchObject({ sort_field: 'amount_overdue', sort_order: 'asc' });
  });

  it('goes back through each filter applied, and forward again', { timeout: 30_000 }, async () => {
    const [acme, globex] = TWO_ROWS.rows;
    // Acme owes pounds and has missed several invoices, Globex is in euros: each filter shows one.
    answerList(({ query }) => {
      const filters = query.filter_str ?? '[]';
      if (filters.includes('"EUR"')) return customerPage([globex!]);
      return customerPage(filters === '[]' ? [acme!, globex!] : [acme!]);
    });
    server.use(onApi('GET /api/tags', { rows: [], total: 0 }));
    const { router } = renderRoute('/customers/?sort=name&order=asc');
    await screen.findByRole('table', { name: 'Customers' });

    await applyFilters((form) => fireEvent.click(within(form).getByRole('checkbox', { name: 'Several missed' })));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', order: 'asc', standing: ['multiple_missed'] }));
    await applyFilters((form) => {
      fireEvent.click(within(form).getByRole('checkbox', { name: 'Several missed' }));
      fireEvent.change(within(form).getByLabelText('Min amount'), { target: { value: '1000' } });
    });
    await waitFor(() => expect(chips()).toEqual(['Amount ≥ £1,000']));
    // An amount is in one currency: choosing another is a filter of its own.
    await applyFilters((form) => {
      fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Currency' }));
      fireEvent.click(screen.getByRole('option', { name: 'EUR' }));
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', order: 'asc', min_amount: 1000, amount_currency: 'EUR' }));
    expect(chips()).toEqual(['Amount ≥ €1,000']);
    await waitFor(() => expect(shownNames()).toEqual(['Globex']));

    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', order: 'asc', min_amount: 1000, amount_currency: 'GBP' }));
    await waitFor(() => expect(chips()).toEqual(['Amount ≥ £1,000']));
    await waitFor(() => expect(shownNames()).toEqual(['Acme Widgets Ltd']));
    router.history.back();
    await waitFor(() => expect(chips()).toEqual(['Standing: Several missed']));
    await waitFor(() => expect(shownNames()).toEqual(['Acme Widgets Ltd']));
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', order: 'asc' }));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    await waitFor(() => expect(shownNames()).toEqual(['Acme Widgets Ltd', 'Globex']));

    router.history.forward();
    await waitFor(() => expect(chips()).toEqual(['Standing: Several missed']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    // Clearing the filters keeps the order.
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', order: 'asc' }));
  });

  it('makes one history entry of a typing session: back returns to the words searched, then to before the search', async () => {
    answerList(({ query }) => (query.q === 'nobody by this name' ? customerPage([], 0) : TWO_ROWS));
    const { router } = renderRoute('/customers/');
    await screen.findByRole('table', { name: 'Customers' });
    const box = screen.getByLabelText<HTMLInputElement>('Search customers');
    fireEvent.change(box, { target: { value: 'glob' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'glob' }));
    fireEvent.change(box, { target: { value: 'nobody by this name' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'nobody by this name' }));
    expect(await screen.findByText('No customers match these filters')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(box.value).toBe('');
    await screen.findByRole('table', { name: 'Customers' });

    // "glob" was replaced by what followed it in the same session, so one step back is the last words.
    router.history.back();
    await waitFor(() => expect(box.value).toBe('nobody by this name'));
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(box.value).toBe('');
  });

  it('pages by the rows per page chosen, in the URL, and back to the first page', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => customer({ id: `11111111-1111-4111-8111-1111111111${String(i).padStart(2, '0')}`, name: `Paging Customer ${i + 1}` }));
    answerList(({ query }) => {
      const end = Number(query.offset) + Number(query.limit);
      // The server says when a page follows, as it does past the count's cap.
      return customerPage(rows.slice(Number(query.offset), end), rows.length, { next_cursor: end < rows.length ? 'cursor' : null });
    });
    const { router } = renderRoute('/customers/?sort=name&order=asc');
    await screen.findByText('1–30 of 30');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', order: 'asc', page_size: 25 }));
    expect(await screen.findByText('1–25 of 30')).toBeTruthy();
    expect(listQueries().at(-1)).toMatchObject({ limit: '25', offset: '0' });

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', order: 'asc', page_size: 25, page: 2 }));
    expect(await screen.findByText('26–30 of 30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Paging Customer 26' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Paging Customer 25' })).toBeNull();

    router.history.back();
    expect(await screen.findByText('1–25 of 30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Paging Customer 1' })).toBeTruthy();
  });

  it('after a failed load shows neither a table nor "0–0 of 0", and Try again brings the list', async () => {
    let failing = true;
    answerList(() => (failing ? apiError(500, 'INTERNAL', 'An unexpected error occurred') : TWO_ROWS));
    renderRoute('/customers/');
    const panel = (await screen.findByText('Failed to load customers')).closest<HTMLElement>('[role="alert"]')!;
    expect(screen.queryByRole('table', { name: 'Customers' })).toBeNull();
    expect(screen.queryByText(/0–0 of 0/)).toBeNull();

    failing = false;
    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', { name: 'Customers' });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    expect(within(table).getByRole('link', { name: 'Globex' })).toBeTruthy();
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
    expect(screen.queryByText('Failed to load customers')).toBeNull();
  });
});

describe('days late on the list', () => {
  // docs/domain.md, Dates and "today": counted from the organisation's today in its own zone.
  // Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart, so at any moment Kiritimati's
  // today is one or two days after Pago Pago's, and the browser's own today can be at most one of them.
  const AHEAD = 'Pacific/Kiritimati';
  const BEHIND = 'Pacific/Pago_Pago';

  /** The days-late cell of the only row, once the list for an organisation in `timeZone` shows. */
  async function daysLateShown(timeZone: string, dueDate: string): Promise<string | null> {
    answerList(customerPage([customer({ due_date: dueDate })], 1));
    renderRoute('/customers/', { organisation: { time_zone: timeZone, default_currency: 'GBP', role: 'owner', sending_mode: 'sending' } });
    const table = await screen.findByRole('table', { name: 'Customers' });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    const column = within(table).getAllByRole('columnheader').indexOf(within(table).getByRole('columnheader', { name: 'Days late' }));
    const [row] = within(table).getAllByRole('row').slice(1);
    return within(row!).getAllByRole('cell')[column]!.textContent;
  }

  it('counts from the organisation’s today where it is still yesterday elsewhere', async () => {
    expect(await daysLateShown(BEHIND, addDays(organisationToday(BEHIND), -10))).toBe('10');
  });

  it('counts from the organisation’s today where it is already tomorrow elsewhere', async () => {
    const dueDate = addDays(organisationToday(BEHIND), -10);
    const shown = await daysLateShown(AHEAD, dueDate);
    expect(shown).toBe(String(daysLate(dueDate, organisationToday(AHEAD))));
    // The same invoice, at the same moment, is a day or two later in the eastern organisation.
    expect(Number(shown)).toBeGreaterThan(10);
  });
});
