import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { answerBulkJobPolls, bulkJobRecord } from '../../../test/bulk-job-data';
import { customerPage, customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const PAGE = [
  customerRecord({ standing: 'multiple_missed' }),
  customerRecord({ id: '22222222-2222-4222-8222-222222222222', name: 'Globex', standing: 'multiple_missed' }),
];

/** Every list request answers `PAGE` of `total`; a bulk action over every match is a job that changes all 12,345. */
function answerApi(total: number) {
  server.use(
    onApi('GET /api/customers/', customerPage(PAGE, total)),
    onApi('GET /api/customers/overdue-summary', { customers_overdue: 0, default_currency: 'GBP', currencies: [], chasing_stopped: [] }),
    onApi('GET /api/tags', { rows: [], total: 0 }),
    onApi('POST /api/customers/bulk', withStatus(202, bulkJobRecord({ total: 12_345 }))),
    answerBulkJobPolls([bulkJobRecord({ status: 'succeeded', total: 12_345, processed: 12_345, updated: 12_345 })]),
  );
}

const OFFER = 'Select all 12,345 matching customers';
const FILTERED_URL = `/customers/?q=acme&standing=${encodeURIComponent('["multiple_missed"]')}`;

async function selectWholePage() {
  const table = await screen.findByRole('table', { name: 'Customers' });
  await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  return screen.getByRole('region', { name: 'Selection' });
}

describe('CustomerListScreen: select all matching', () => {
  it('offers every match only once the whole page is selected and more match than it shows', async () => {
    answerApi(12_345);
    renderRoute('/customers/');
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
    answerApi(2);
    renderRoute('/customers/');
    const toolbar = await selectWholePage();
    expect(within(toolbar).getByText('2 selected')).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: /matching customers/ })).toBeNull();
  });

  it('sends the list’s own search and filters as matching, and names the count', async () => {
    answerApi(12_345);
    renderRoute(FILTERED_URL);
    const toolbar = await selectWholePage();
    fireEvent.click(within(toolbar).getByRole('button', { name: OFFER }));

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause 12,345 customers' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Indefinitely' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    // A job: the list's panel follows it to its end, and the list is read again then.
    const lists = apiRequests('GET /api/customers/').length;
    const panel = await screen.findByRole('region', { name: 'Bulk action' });
    expect(await within(panel).findByText('12,345 customers paused indefinitely')).toBeTruthy();
    await waitFor(() => expect(apiRequests('GET /api/customers/').length).toBeGreaterThan(lists));

    const list = apiRequests('GET /api/customers/')[0]!.query;
    const bulk = apiRequests('POST /api/customers/bulk');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.body).toEqual({ matching: { q: 'acme', filter_str: list.filter_str }, action: { type: 'pause', until: null } });
    expect(JSON.parse(list.filter_str!)).toEqual([{ field: 'standing', operator: 'in', value: ['multiple_missed'] }]);
    // The selection is spent.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull());
  });

  it('clears the whole-list selection when the filters change', async () => {
    answerApi(12_345);
    const { router } = renderRoute(FILTERED_URL);
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
