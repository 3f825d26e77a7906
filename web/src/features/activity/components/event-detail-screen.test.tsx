import type { EventDetail } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { EVENT_ID, eventDetail, eventRow } from '../../../test/event-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const ANN_ID = '99999999-9999-4999-8999-999999999991';

const cancelled: EventDetail = eventDetail({
  status: 'superseded',
  status_reason: 'cancelled',
  can_cancel: false,
  live_render: false,
  history: [
    ...eventDetail().history,
    { status: 'superseded', reason: 'cancelled', actor_id: ANN_ID, actor_name: 'Ann Accountant', at: '2026-11-02T10:15:00.000Z' },
  ],
});

describe('an email at /emails/{eventId}', () => {
  it('shows the email as the customer reads it: subject, status, recipients, a sandboxed frame and the text part', async () => {
    server.use(onApi('GET /api/events/:id/', eventDetail({ cc: [{ name: 'Esme', email: 'esme@acme.test' }] })));
    renderRoute(`/emails/${EVENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'A friendly reminder about £1,234.56' })).toBeTruthy();
    expect(screen.getAllByText('Planned').length).toBeGreaterThan(0);
    expect(screen.getByText(/Goes out/).textContent).toContain('5 November 2026 at 09:00 (Europe/London)');
    const recipients = screen.getByRole('region', { name: 'The email' });
    expect(recipients.textContent).toContain('FromAcme Receivables <ar@acme.test>');
    expect(recipients.textContent).toContain('ToAnn <ann@acme.test>');
    expect(recipients.textContent).toContain('CcEsme <esme@acme.test>');
    expect(screen.getByText('Rendered from today’s figures: what would go out now.')).toBeTruthy();

    const frame = screen.getByTitle('Email: A friendly reminder about £1,234.56');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain('Hello Ann, £1,234.56 is overdue.');
    fireEvent.click(screen.getByRole('button', { name: 'Plain text' }));
    expect(screen.getByLabelText('Plain-text part').textContent).toBe('Hello Ann, £1,234.56 is overdue.');

    expect(screen.getByRole('link', { name: 'Standard chasing' }).getAttribute('href')).toContain('/workflows?workflow_id=');
    expect(screen.getByRole('link', { name: 'View customer' }).getAttribute('href')).toBe(`/customers/${eventRow().customer_id}`);
  });

  it('cancels a planned email after asking, then shows it superseded by the person who did it', async () => {
    let current = eventDetail();
    server.use(
      onApi('GET /api/events/:id/', () => current),
      onApi('POST /api/events/:id/cancel/', () => {
        current = cancelled;
        return eventRow({ status: 'superseded', status_reason: 'cancelled' });
      }),
    );
    renderRoute(`/emails/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel email' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this email?' });
    expect(dialog.textContent).toContain('will not be sent');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel email' }));

    expect(await screen.findByText('Email cancelled: it will not be sent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const history = await screen.findByRole('list', { name: 'Status history' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(within(history).getAllByRole('listitem')[1]?.textContent).toMatch(/^SupersededCancelled by hand2 November 2026 at 10:15 · Ann Accountant$/);
    expect(screen.getByText('Will not be sent: Cancelled by hand.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel email' })).toBeNull();
    const [sent] = apiRequests('POST /api/events/:id/cancel/');
    expect(sent?.params.id).toBe(EVENT_ID);
    expect(sent?.headers['idempotency-key']).toBeTruthy();
  });

  it('keeps the email when the person changes their mind', async () => {
    server.use(onApi('GET /api/events/:id/', eventDetail()));
    renderRoute(`/emails/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiRequests('POST /api/events/:id/cancel/')).toEqual([]);
  });

  it('shows the server’s refusal when the email went out meanwhile, and the page then says so', async () => {
    let current = eventDetail();
    server.use(
      onApi('GET /api/events/:id/', () => current),
      onApi('POST /api/events/:id/cancel/', () => {
        current = eventDetail({ status: 'success', can_cancel: false, live_render: false, sent_at: '2026-11-05T09:00:02.000Z' });
        return apiError(409, 'CONFLICT', 'This email has already been sent; only a planned email can be cancelled', [{ field: 'id', reason: 'is success, not pending' }]);
      }),
    );
    renderRoute(`/emails/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel email' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel email' }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This email has already been sent; only a planned email can be cancelled');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel email' })).toBeNull());
    expect(screen.getAllByText('Sent').length).toBeGreaterThan(0);
  });

  it('is the not-found screen for an id of no email, or no id at all', async () => {
    server.use(onApi('GET /api/events/:id/', apiError(404, 'NOT_FOUND', 'Email not found')));
    renderRoute('/emails/55555555-5555-4555-8555-000000000000');
    expect(await screen.findByText('The page you are looking for does not exist.')).toBeTruthy();
  });

  it('shows a skeleton while the email loads, then the email in its place', async () => {
    let answer: (email: EventDetail) => void = () => undefined;
    const email = new Promise<EventDetail>((resolve) => {
      answer = resolve;
    });
    server.use(http.get('/api/events/:id/', async () => HttpResponse.json(await email)));
    renderRoute(`/emails/${EVENT_ID}`);
    const loading = await screen.findByRole('status', { name: 'Loading email' });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    answer(eventDetail());
    expect(await screen.findByRole('heading', { level: 1, name: 'A friendly reminder about £1,234.56' })).toBeTruthy();
    expect(loading.isConnected).toBe(false);
  });

  it('says a failed load went wrong, in the server’s words, and Try Again loads the email', async () => {
    // The error screen logs what it shows.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    server.use(onApi('GET /api/events/:id/', () => (fail ? apiError(500, 'INTERNAL', 'The server had a problem') : eventDetail())));
    renderRoute(`/emails/${EVENT_ID}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(within(alert).getByText('The server had a problem')).toBeTruthy();
    // Not the not-found screen: the email may well exist.
    expect(screen.queryByText('The page you are looking for does not exist.')).toBeNull();

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A friendly reminder about £1,234.56' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('does not ask the server about an address that cannot name an email', async () => {
    renderRoute('/emails/not-an-id');
    expect(await screen.findByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(apiRequests('GET /api/events/:id/')).toEqual([]);
  });

  it('says why a superseded email will not go, and why a planned one could not be sent', async () => {
    server.use(onApi('GET /api/events/:id/', eventDetail({ to: [], problem: 'The customer has no primary contact to write to', deferred: ['weekly_cap'] })));
    renderRoute(`/emails/${EVENT_ID}`);
    expect(await screen.findByText('Would not be sent: The customer has no primary contact to write to')).toBeTruthy();
    expect(screen.getByText('held back by the weekly cap')).toBeTruthy();
  });
});
