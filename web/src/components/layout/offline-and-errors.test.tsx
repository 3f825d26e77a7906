import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { apiError, apiRequests, onApi } from '../../test/api-handlers';
import { customerPage, customerRecord } from '../../test/customer-data';
import { toDoRecord } from '../../test/home-data';
import { server } from '../../test/msw-server';
import { renderRoute } from '../../test/render-route';

const OVERDUE = { customers_overdue: 1, default_currency: 'GBP', currencies: [{ currency: 'GBP', amount_overdue: 50_000, customers_overdue: 1 }], chasing_stopped: [] };
const OFFLINE_WORDS = /You’re offline — changes won’t be saved until you reconnect/;

/** The browser's own events, as TanStack Query's online manager hears them. */
const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));
const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

describe('a failed read and a lost connection (decision 0046)', () => {
  beforeEach(() => server.use(onApi('GET /api/home/to-do', toDoRecord()), onApi('GET /api/inbound/counts/', { unread: 0, unassigned: 0 })));
  afterEach(() => {
    vi.restoreAllMocks();
    // The online manager is the module's, shared by the next test: online again.
    onlineManager.setOnline(true);
  });

  it('shows the error with Try again within two seconds, after one quick retry, and Try again then brings the data', async () => {
    let failing = true;
    server.use(
      onApi('GET /api/customers/', () => (failing ? apiError(503, 'INTERNAL', 'Down for a moment') : customerPage([customerRecord({ name: 'Retry Roofing', amount_overdue: 50_000 })], 1))),
      onApi('GET /api/customers/overdue-summary', OVERDUE),
    );
    renderRoute('/home', { keepsRetries: true });
    const topDebtors = await screen.findByRole('region', { name: 'Top debtors' });
    // About two seconds, with room for a busy test machine; the old three retries took 7 s more.
    expect(await within(topDebtors).findByText('Failed to load top debtors', {}, { timeout: 3_000 })).toBeTruthy();
    // Asked, and asked once more: not three times with a growing wait.
    const debtorReads = () => apiRequests('GET /api/customers/').filter((r) => r.query.filter_str !== undefined).length;
    expect(debtorReads()).toBe(2);

    failing = false;
    fireEvent.click(within(topDebtors).getByRole('button', { name: 'Try again' }));
    expect(await within(topDebtors).findByText('Retry Roofing')).toBeTruthy();
  });

  it('asks a refused read (a 4xx) only once', async () => {
    server.use(onApi('GET /api/customers/', apiError(400, 'VALIDATION_FAILED', 'No')), onApi('GET /api/customers/overdue-summary', OVERDUE));
    renderRoute('/home', { keepsRetries: true });
    expect(await screen.findByText('Failed to load top debtors')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(apiRequests('GET /api/customers/').filter((r) => r.query.filter_str !== undefined)).toHaveLength(1);
  });

  it('says the browser is offline across the top while it is, and the screen says it failed instead of loading for ever', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // Nothing reaches the server while offline.
    server.use(
      http.get('/api/customers/', () => HttpResponse.error()),
      http.get('/api/customers/overdue-summary', () => HttpResponse.error()),
    );
    renderRoute('/home', { keepsRetries: true });
    expect(await screen.findByText(OFFLINE_WORDS)).toBeTruthy();
    expect(await screen.findByText('Failed to load top debtors', {}, { timeout: 3_000 })).toBeTruthy();

    // Back online: the banner goes, and what failed is read again without a click.
    server.use(onApi('GET /api/customers/', customerPage([customerRecord({ name: 'Back Online Ltd', amount_overdue: 50_000 })], 1)), onApi('GET /api/customers/overdue-summary', OVERDUE));
    goOnline();
    await waitFor(() => expect(screen.queryByText(OFFLINE_WORDS)).toBeNull());
    expect(await screen.findByText('Back Online Ltd')).toBeTruthy();

    // And offline again later: the banner comes back.
    goOffline();
    expect(await screen.findByText(OFFLINE_WORDS)).toBeTruthy();
  });
});
