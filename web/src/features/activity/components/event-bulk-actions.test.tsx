import type { EventBulkJob } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { eventRow } from '../../../test/event-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const FIRST = '77777777-7777-4777-8777-777777777771';
const SECOND = '77777777-7777-4777-8777-777777777772';
const SENT = '77777777-7777-4777-8777-777777777773';
const JOB_ID = '88888888-8888-4888-8888-888888888888';

const rows = [
  eventRow({ id: FIRST, subject: 'First reminder', customer_name: 'Acme Widgets Ltd' }),
  eventRow({ id: SECOND, subject: 'Second reminder', customer_name: 'Brill Bakery' }),
  eventRow({ id: SENT, subject: 'Already gone', status: 'success', sent_at: '2026-11-02T09:00:00.000Z' }),
];

function job(overrides: Partial<EventBulkJob> = {}): EventBulkJob {
  return {
    id: JOB_ID,
    status: 'running',
    action: 'cancel',
    total: 2,
    processed: 0,
    updated: 0,
    skipped: 0,
    error: null,
    created_at: '2026-11-03T10:00:00Z',
    finished_at: null,
    ...overrides,
  };
}

/** The outbox with two planned emails and a sent one; the job's polls answer each of `polls` in turn. */
async function outbox(polls: EventBulkJob[] = [job()]) {
  let poll = 0;
  server.use(
    onApi('GET /api/events/', { rows, total: rows.length }),
    onApi('POST /api/events/bulk', () => withStatus(202, job())),
    onApi('GET /api/events/bulk/:jobId', () => polls[Math.min(poll++, polls.length - 1)] ?? job()),
  );
  renderRoute('/emails/');
  const table = await screen.findByRole('table', { name: 'Emails' });
  await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
  return table;
}

describe('Activity: Send now and Cancel over ticked planned emails', () => {
  it('ticks only planned emails; the toolbar says how many, and Cancel asks first, then follows the job to its end and re-reads the list', async () => {
    const table = await outbox([job({ processed: 1, updated: 1 }), job({ status: 'succeeded', processed: 2, updated: 2, finished_at: '2026-11-03T10:00:02Z' })]);
    // A sent email cannot be cancelled: it has no checkbox.
    expect(within(table).queryByRole('checkbox', { name: /Already gone/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();

    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select every planned email on this page' }));
    const toolbar = screen.getByRole('region', { name: 'Selection' });
    expect(within(toolbar).getByText('2 selected')).toBeTruthy();
    expect(within(table).getByRole<HTMLInputElement>('checkbox', { name: 'Select “First reminder” to Acme Widgets Ltd' }).checked).toBe(true);

    // Keeping them sends nothing.
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Cancel emails' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel 2 emails?' });
    expect(dialog.textContent).toContain('These 2 planned emails will not be sent. Each stays in Activity as superseded, cancelled by you.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiRequests('POST /api/events/bulk')).toHaveLength(0);

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Cancel emails' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel 2 emails?' });
    const listReads = apiRequests('GET /api/events/').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel 2 emails' }));

    const region = await screen.findByRole('region', { name: 'Bulk action' });
    const [sent] = apiRequests('POST /api/events/bulk');
    expect(sent?.body).toEqual({ action: 'cancel', event_ids: [FIRST, SECOND] });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    // The selection is spent; focus is on the panel, the button that started it having gone.
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(region));
    expect(await within(region).findByText('Cancelling 1 of 2 emails…')).toBeTruthy();
    expect(await within(region).findByText('2 emails cancelled')).toBeTruthy();
    // Its end re-reads the list, which shows each email as it now stands.
    await waitFor(() => expect(apiRequests('GET /api/events/').length).toBeGreaterThan(listReads));
    fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk action' })).toBeNull());
  });

  it('sends now what is ticked by keyboard, saying what happens first, and how many were left as they were', async () => {
    const table = await outbox([job({ action: 'send_now', total: 1, status: 'succeeded', processed: 1, updated: 0, skipped: 1 })]);
    server.use(onApi('POST /api/events/bulk', () => withStatus(202, job({ action: 'send_now', total: 1 }))));
    // The row is the tab stop: Space ticks it, as on the customer list.
    const row = within(table).getByRole('checkbox', { name: 'Select “Second reminder” to Brill Bakery' }).closest('tr')!;
    fireEvent.keyDown(row, { key: ' ' });
    const toolbar = screen.getByRole('region', { name: 'Selection' });
    expect(within(toolbar).getByText('1 selected')).toBeTruthy();

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send 1 email now?' });
    expect(dialog.textContent).toContain('This planned email goes to the mail server now, outside the send window');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 1 email now' }));

    const region = await screen.findByRole('region', { name: 'Bulk action' });
    expect(apiRequests('POST /api/events/bulk')[0]?.body).toEqual({ action: 'send_now', event_ids: [SECOND] });
    expect(await within(region).findByText('0 emails sent')).toBeTruthy();
    expect(within(region).getByText('1 was left as it was: no longer planned, or could not be sent.')).toBeTruthy();
  });

  it('says why the server refused, and keeps the selection to try again', async () => {
    const table = await outbox();
    server.use(onApi('POST /api/events/bulk', () => apiError(422, 'DOMAIN_RULE', 'Sending is disabled for the organisation: nothing is sent, even by hand', [{ field: 'action', reason: 'sending is disabled' }])));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select every planned email on this page' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Send now' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send 2 emails now' }));
    expect(await screen.findByText('Sending is disabled for the organisation: nothing is sent, even by hand')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Selection' })).getByText('2 selected')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Bulk action' })).toBeNull();
  });

  it('says why a job stopped and how far it got', async () => {
    const error = 'Stopped after 1 of 2 emails: Sending is disabled for the organisation: nothing is sent, even by hand.';
    const table = await outbox([job({ action: 'send_now', status: 'failed', processed: 1, updated: 1, error })]);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select every planned email on this page' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Send now' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send 2 emails now' }));
    const alert = await within(await screen.findByRole('region', { name: 'Bulk action' })).findByRole('alert');
    expect(within(alert).getByText('The bulk action stopped')).toBeTruthy();
    expect(alert.textContent).toContain(error);
  });

  it('offers no checkboxes on the inbox', async () => {
    server.use(onApi('GET /api/events/', { rows: [], total: 0 }));
    renderRoute('/emails/?tab=inbox');
    await screen.findByRole('heading', { level: 1, name: 'Activity' });
    await waitFor(() => expect(apiRequests('GET /api/events/').length).toBeGreaterThan(0));
    expect(screen.queryByRole('checkbox', { name: 'Select every planned email on this page' })).toBeNull();
  });
});
