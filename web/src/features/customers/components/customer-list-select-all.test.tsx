import type { CustomerListResponse } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { customerRecord } from '../../../test/customer-data';
import { CustomerListHarness } from '../../../test/customer-list-harness';
import { stubApiCalls, type StubbedCall } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render-with-app';


const PAGE = [
  customerRecord({ standing: 'multiple_missed' }),
  customerRecord({ id: '22222222-2222-4222-8222-222222222222', name: 'Globex', standing: 'multiple_missed' }),
];

/** Stubs the API: every list call answers `PAGE` of `total`; bulk actions answer 12,345 changed. */
function stubApi(total: number) {
  return stubApiCalls(
    (call) => {
      if (call.url.startsWith('/api/customers/?')) return Response.json({ rows: PAGE, total } satisfies CustomerListResponse);
      if (call.url === '/api/tags') return Response.json({ rows: [], total: 0 });
      if (call.url === '/api/customers/bulk') return Response.json({ updated: 12_345, customer_ids: [] });
      return undefined;
    },
    (fetch) => vi.stubGlobal('fetch', vi.fn(fetch as typeof globalThis.fetch)),
  );
}

const listQuery = (call: StubbedCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

const OFFER = 'Select all 12,345 matching customers';
const FILTERED_URL = `/?q=acme&standing=${encodeURIComponent('["multiple_missed"]')}`;

async function selectWholePage() {
  const table = await screen.findByRole('table', { name: 'Customers' });
  await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  return screen.getByRole('region', { name: 'Selection' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomerListScreen: select all matching', () => {
  it('offers every match only once the whole page is selected and more match than it shows', async () => {
    stubApi(12_345);
    renderWithApp(<CustomerListHarness />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Globex' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: OFFER })).toBeNull();

    const toolbar = await selectWholePage();
    fireEvent.click(within(toolbar).getByRole('button', { name: OFFER }));
    expect(within(toolbar).getByText('All 12,345 matching customers are selected')).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: OFFER })).toBeNull();
    // Focus stays in the toolbar for keyboard users.
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'Clear selection' }));

    // Unticking a row goes back to a selection of this page's rows.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Globex' }));
    expect(within(toolbar).getByText('1 selected')).toBeTruthy();
  });

  it('does not offer it when the page already shows every match', async () => {
    stubApi(2);
    renderWithApp(<CustomerListHarness />);
    const toolbar = await selectWholePage();
    expect(within(toolbar).getByText('2 selected')).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: /matching customers/ })).toBeNull();
  });

  it('sends the list’s own search and filters as matching, and names the count', async () => {
    const calls = stubApi(12_345);
    renderWithApp(<CustomerListHarness />, { initialUrl: FILTERED_URL });
    const toolbar = await selectWholePage();
    fireEvent.click(within(toolbar).getByRole('button', { name: OFFER }));

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause 12,345 customers' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Indefinitely' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('12,345 customers paused indefinitely')).toBeTruthy();

    const list = listQuery(calls.find((c) => c.url.startsWith('/api/customers/?'))!);
    const bulk = calls.filter((c) => c.url === '/api/customers/bulk');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.body).toEqual({ matching: { q: 'acme', filter_str: list.filter_str }, action: { type: 'pause', until: null } });
    expect(JSON.parse(list.filter_str!)).toEqual([{ field: 'standing', operator: 'in', value: ['multiple_missed'] }]);
    // The selection is spent.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull());
  });

  it('clears the whole-list selection when the filters change', async () => {
    stubApi(12_345);
    const { router } = renderWithApp(<CustomerListHarness />, { initialUrl: FILTERED_URL });
    const toolbar = await selectWholePage();
    fireEvent.click(within(toolbar).getByRole('button', { name: OFFER }));
    expect(within(toolbar).getByText('All 12,345 matching customers are selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const form = await screen.findByRole('form', { name: 'Filters' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Good standing' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ standing: ['multiple_missed', 'in_good_standing'] }));

    expect(screen.queryByText(/matching customers are selected/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();

    // Going back to the filters it was made under does not bring it back.
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ standing: ['multiple_missed'] }));
    await screen.findByText('12,345 customers match');
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
  });
});
