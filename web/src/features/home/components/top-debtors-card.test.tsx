import type { Customer } from '@receivables/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { customerRecord } from '../../../test/customer-data';
import { requestUrl, testToken as token } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render-with-app';

import { TopDebtorsCard } from './top-debtors-card';


const customer = (overrides: Partial<Customer>): Customer =>
  customerRecord({ standing: 'multiple_missed', last_chase_at: '2026-11-03T10:00:00Z', n_invoices: 3, ...overrides });

/** Stubs the browser's fetch: a token, then `answer` for the customer list. */
function stubApi(answer: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = requestUrl(input);
      calls.push(url);
      return Promise.resolve(url === '/api/auth/token' ? Response.json({ token }) : answer());
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TopDebtorsCard', () => {
  it('asks for the five biggest debts and lists them', async () => {
    const calls = stubApi(() =>
      Response.json({
        rows: [
          customer({}),
          customer({ id: '22222222-2222-4222-8222-222222222222', name: 'Globex', currency: 'EUR', amount_overdue: 5000, last_chase_at: null }),
        ],
        total: 2,
      }),
    );
    renderWithApp(<TopDebtorsCard />);

    const table = await screen.findByRole('table', { name: 'Top debtors' });
    await within(table).findByText('Acme Widgets Ltd');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('£1,234.56')).toBeTruthy();
    expect(within(rows[1]!).getByText('3 November 2026')).toBeTruthy();
    expect(within(rows[2]!).getByText('€50.00')).toBeTruthy();
    expect(within(rows[2]!).getByText('Never')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all customers' }).getAttribute('href')).toBe('/customers/');

    const listCall = new URL(calls.find((url) => url.startsWith('/api/customers/'))!, 'http://x');
    expect(Object.fromEntries(listCall.searchParams)).toEqual({
      limit: '5',
      sort_field: 'amount_overdue',
      sort_order: 'desc',
      filter_str: '[{"field":"amount_overdue","operator":"gt","value":0}]',
    });
  });

  it('opens the customer when a row is activated with Enter', async () => {
    stubApi(() => Response.json({ rows: [customer({})], total: 1 }));
    renderWithApp(<TopDebtorsCard />);
    const name = await screen.findByText('Acme Widgets Ltd');
    fireEvent.keyDown(name.closest('tr')!, { key: 'Enter' });
    expect(await screen.findByText('customer page 11111111-1111-4111-8111-111111111111')).toBeTruthy();
  });

  it('says so when nobody owes anything', async () => {
    stubApi(() => Response.json({ rows: [], total: 0 }));
    renderWithApp(<TopDebtorsCard />);
    expect(await screen.findByText('No revenue data yet')).toBeTruthy();
  });

  it('shows the failure with a retry', async () => {
    stubApi(() => Response.json({ error: { code: 'INTERNAL', message: 'Database unavailable' } }, { status: 500 }));
    renderWithApp(<TopDebtorsCard />);
    expect(await screen.findByText('Failed to load top debtors')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
