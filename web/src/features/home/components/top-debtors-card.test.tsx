import type { Customer, OverdueSummary } from '@receivables/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, type ApiAnswer, type ApiRequest, apiRequests, onApi } from '../../../test/api-handlers';
import { customerPage, customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';

import { OverdueSummaryCard } from './overdue-summary-card';
import { TopDebtorsCard } from './top-debtors-card';

const customer = (overrides: Partial<Customer>): Customer =>
  customerRecord({ standing: 'multiple_missed', last_chase_at: '2026-11-03T10:00:00Z', n_invoices: 3, ...overrides });

const twoCurrencies: OverdueSummary = {
  customers_overdue: 3,
  default_currency: 'GBP',
  currencies: [
    { currency: 'GBP', amount_overdue: 123_456, customers_overdue: 1 },
    { currency: 'JPY', amount_overdue: 150_000, customers_overdue: 2 },
  ],
  chasing_stopped: [],
};

/** The overdue summary answers `summary`; the customer list answers `list`. */
function answerApi(
  list: ApiAnswer<'GET /api/customers/'> | ((request: ApiRequest) => ApiAnswer<'GET /api/customers/'>),
  summary: ApiAnswer<'GET /api/customers/overdue-summary'> = twoCurrencies,
) {
  server.use(onApi('GET /api/customers/overdue-summary', summary), onApi('GET /api/customers/', list));
}

const listQueries = () => apiRequests('GET /api/customers/').map((r) => r.query);

describe('TopDebtorsCard', () => {
  it('asks for the five biggest debts in the first currency and lists them', async () => {
    answerApi(customerPage([customer({})], 1));
    renderWithApp(<TopDebtorsCard />);

    const table = await screen.findByRole('table', { name: 'Top debtors' });
    await within(table).findByText('Acme Widgets Ltd');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('£1,234.56')).toBeTruthy();
    expect(within(rows[1]!).getByText('3 November 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all customers' }).getAttribute('href')).toBe('/customers/');
    expect(listQueries()).toEqual([
      {
        limit: '5',
        sort_field: 'amount_overdue',
        sort_order: 'desc',
        filter_str: '[{"field":"amount_overdue","operator":"gt","value":0},{"field":"currency","operator":"eq","value":"GBP"}]',
      },
    ]);
  });

  it('ranks within one currency at a time, with a switch to each other currency', async () => {
    answerApi(({ query }) =>
      query.filter_str?.includes('JPY')
        ? customerPage([customer({ name: 'Tokyo Trading', currency: 'JPY', amount_overdue: 150_000 })], 1)
        : customerPage([customer({})], 1),
    );
    renderWithApp(<TopDebtorsCard />);
    await screen.findByText('Acme Widgets Ltd');
    const switcher = screen.getByRole('group', { name: 'Currency' });
    expect(within(switcher).getByRole('button', { name: 'GBP' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(switcher).getByRole('button', { name: 'JPY' }));
    expect(await screen.findByText('Tokyo Trading')).toBeTruthy();
    expect(screen.getByText('JP¥150,000')).toBeTruthy();
    expect(screen.queryByText('Acme Widgets Ltd')).toBeNull();
    expect(listQueries().at(-1)?.filter_str).toContain('"value":"JPY"');
  });

  it('has no switch when everything overdue is in one currency', async () => {
    const oneCurrency = { ...twoCurrencies, currencies: twoCurrencies.currencies.slice(0, 1) };
    answerApi(customerPage([customer({})], 1), oneCurrency);
    renderWithApp(<TopDebtorsCard />);
    await screen.findByText('Acme Widgets Ltd');
    expect(screen.queryByRole('group', { name: 'Currency' })).toBeNull();
  });

  it('opens the customer when a row is activated with Enter', async () => {
    answerApi(customerPage([customer({})], 1));
    renderWithApp(<TopDebtorsCard />);
    const name = await screen.findByText('Acme Widgets Ltd');
    fireEvent.keyDown(name.closest('tr')!, { key: 'Enter' });
    expect(await screen.findByText('customer page 11111111-1111-4111-8111-111111111111')).toBeTruthy();
  });

  it('says so when nobody owes anything', async () => {
    answerApi(customerPage([], 0), { customers_overdue: 0, default_currency: 'GBP', currencies: [], chasing_stopped: [] });
    renderWithApp(<TopDebtorsCard />);
    expect(await screen.findByText('No revenue data yet')).toBeTruthy();
  });

  it('shows the failure with a retry', async () => {
    answerApi(apiError(500, 'INTERNAL', 'Database unavailable'));
    renderWithApp(<TopDebtorsCard />);
    expect(await screen.findByText('Failed to load top debtors')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('OverdueSummaryCard', () => {
  it('shows one total per currency, never one sum, and the number of customers overdue', async () => {
    answerApi(customerPage([], 0));
    renderWithApp(<OverdueSummaryCard />);
    const totals = await screen.findByRole('list', { name: 'Total overdue per currency' });
    expect(within(totals).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['£1,234.56GBP · 1 customer', 'JP¥150,000JPY · 2 customers']);
    expect(screen.getByText('customers overdue').previousSibling?.textContent).toBe('3');
  });

  it('says when nothing is overdue', async () => {
    answerApi(customerPage([], 0), { customers_overdue: 0, default_currency: 'GBP', currencies: [], chasing_stopped: [] });
    renderWithApp(<OverdueSummaryCard />);
    expect(await screen.findByText(/Nothing is overdue/)).toBeTruthy();
  });
});
