import type { EventDetail } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { chasingSettings, EVENT_ID, eventDetail, sentEventDetail } from '../../../test/event-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const SUBJECT = 'A friendly reminder about £1,234.56';

const unknown: EventDetail = eventDetail({
  status: 'unknown',
  status_reason: 'outcome_unknown',
  at: '2026-11-03T09:00:00.000Z',
  scheduled_for: '2026-11-03T09:00:00.000Z',
  can_cancel: false,
  live_render: false,
  message_id: '<9d1e4c0a-2b3f-4e5d-8a6b-1c2d3e4f5a6b@acme.test>',
  attempts: 1,
  history: [
    ...eventDetail().history,
    { status: 'unknown', reason: 'outcome_unknown', actor_id: null, actor_name: null, at: '2026-11-03T09:12:00.000Z' },
  ],
});

/** The email page at first `first`, then whatever the last send made of it; the send answered by `answer`. */
function stub(first: EventDetail, answer: () => EventDetail | Response, mode: 'sending' | 'dryrun' = 'sending') {
  let current = first;
  server.use(
    onApi('GET /api/events/:id/', () => current),
    onApi('GET /api/settings/chasing', chasingSettings(mode)),
    onApi('POST /api/events/execute/:id/', () => {
      const result = answer();
      if (!(result instanceof Response)) current = result;
      return result;
    }),
    // What else the send refreshes, answered so the page's background reads do not fail.
    onApi('GET /api/events/', { rows: [], total: 0 }),
  );
}

async function openSendDialog(button: 'Send now' | 'Send again', title: string) {
  renderRoute(`/emails/${EVENT_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = screen.getByRole('dialog', { name: title });
  // The sending mode is read when the confirmation opens.
  await waitFor(() => expect(apiRequests('GET /api/settings/chasing')).toHaveLength(1));
  return dialog;
}

const sends = () => apiRequests('POST /api/events/execute/:id/');

describe('sending an email by hand at /emails/{eventId}', () => {
  it('sends a planned email now after saying to whom, then shows it sent with its delivery', async () => {
    stub(eventDetail(), () => sentEventDetail());
    const dialog = await openSendDialog('Send now', 'Send this email now?');
    expect(dialog.textContent).toContain(`“${SUBJECT}” goes now to Ann <ann@acme.test>, through your mail server.`);
    expect(dialog.textContent).toContain('It was planned for 5 November 2026 at 09:00 (Europe/London); it will not go again then.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));

    expect(await screen.findByText('Sent to Ann <ann@acme.test>')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/^Sent$/, { selector: '.MuiChip-label' })).toBeTruthy();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery.textContent).toContain('Handed to the mail server, which accepted it.');
    expect(delivery.textContent).toContain('Sent3 November 2026 at 14:05 (Europe/London)');
    expect(delivery.textContent).toContain('Message-ID<3f1c2b7e-5a4d-4c1e-9b0a-7d2e8f6a1c3b@acme.test>');
    expect(delivery.textContent).toContain('The mail server’s answer250 2.0.0 OK: queued as 4QxY2b1Zz9');
    expect(delivery.textContent).toContain('Attempts1');
    const history = screen.getByRole('list', { name: 'Status history' });
    expect(within(history).getAllByRole('listitem')[1]?.textContent).toContain('Sent');
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();

    const [sent] = sends();
    expect(sent?.params.id).toBe(EVENT_ID);
    expect(sent?.body).toBeUndefined();
    expect(sent?.headers['idempotency-key']).toBeTruthy();
  });

  it('shows the send under way on the confirm button, and the dialog cannot be closed meanwhile', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    stub(eventDetail(), () => sentEventDetail());
    server.use(
      http.post('/api/events/execute/:id/', async () => {
        await held;
        return HttpResponse.json(sentEventDetail());
      }),
    );
    const dialog = await openSendDialog('Send now', 'Send this email now?');
    const confirm = within(dialog).getByRole('button', { name: 'Send now' });
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveProperty('disabled', true));
    expect(within(dialog).getByRole('button', { name: 'Don’t send' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    release();
    expect(await screen.findByText('Sent to Ann <ann@acme.test>')).toBeTruthy();
  });

  it('shows the server’s refusal when the email went out meanwhile (409), and the page then says so', async () => {
    let current = eventDetail();
    stub(current, () => {
      current = sentEventDetail();
      return apiError(409, 'CONFLICT', 'This email has already been sent');
    });
    server.use(onApi('GET /api/events/:id/', () => current));
    const dialog = await openSendDialog('Send now', 'Send this email now?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This email has already been sent');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Delivery' })).toBeTruthy();
  });

  it('shows why it cannot be sent when no mail server is set (422), and sends nothing', async () => {
    stub(eventDetail(), () => apiError(422, 'DOMAIN_RULE', 'No mail server or from address is configured'));
    const dialog = await openSendDialog('Send now', 'Send this email now?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe('No mail server or from address is configuredOpen Settings → Email');
    expect(within(refusal).getByRole('link', { name: 'Open Settings → Email' }).getAttribute('href')).toBe('/settings/email');
    expect(within(dialog).queryByRole('button', { name: 'Send now' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Send now' })).toBeTruthy();
  });

  it('explains an email whose outcome is unknown, and sends it again only after warning of a second copy', async () => {
    stub(unknown, () => sentEventDetail({ history: [...unknown.history, ...sentEventDetail().history.slice(1)] }));
    renderRoute(`/emails/${EVENT_ID}`);
    const note = (await screen.findByText('It may or may not have arrived')).closest('[role="alert"]');
    expect(note?.textContent).toContain('The sender stopped while handing this email to the mail server, so it may or may not have arrived.');
    expect(screen.getByText(/^Tried/).textContent).toContain('3 November 2026 at 09:00');
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery.textContent).toContain('whether it arrived is not known');
    expect(delivery.textContent).toContain('Message-ID<9d1e4c0a-2b3f-4e5d-8a6b-1c2d3e4f5a6b@acme.test>');
    expect(delivery.textContent).toContain('Attempts1');
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this email again?' });
    expect(dialog.textContent).toContain('It may already have arrived: sending again may give Acme Widgets Ltd a second copy.');
    await waitFor(() => expect(dialog.textContent).toContain(`“${SUBJECT}” goes now to Ann <ann@acme.test>`));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Sent to Ann <ann@acme.test>')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('It may or may not have arrived')).toBeNull());
    expect(sends()).toHaveLength(1);
  });

  it('explains a failed email in our words and the mail server’s, and offers to send it again', async () => {
    const failed = eventDetail({
      status: 'failure',
      status_reason: 'rejected',
      can_cancel: false,
      live_render: false,
      smtp_response: '550 5.1.1 <ann@acme.test>: Recipient address rejected',
      attempts: 1,
    });
    stub(failed, () => sentEventDetail());
    renderRoute(`/emails/${EVENT_ID}`);
    const note = (await screen.findByText('Not sent: The mail server refused this email')).closest('[role="alert"]');
    expect(note?.textContent).toContain('The mail server said: 550 5.1.1 <ann@acme.test>: Recipient address rejected');
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this email again?' });
    await waitFor(() => expect(dialog.textContent).toContain('The last attempt failed: the mail server refused this email.'));
  });

  it('says when the sender tries a deferred email again', async () => {
    server.use(
      onApi(
        'GET /api/events/:id/',
        eventDetail({ attempts: 1, smtp_response: '451 4.7.1 Try again later', next_attempt_at: '2026-11-05T09:15:00.000Z' }),
      ),
    );
    renderRoute(`/emails/${EVENT_ID}`);
    expect(await screen.findByText('The mail server could not take it yet: the sender will try again at 5 November 2026 at 09:15 (Europe/London).')).toBeTruthy();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery.textContent).toContain('Not delivered yet.');
    expect(delivery.textContent).toContain('The mail server’s answer451 4.7.1 Try again later');
    expect(delivery.textContent).toContain('Next attempt5 November 2026 at 09:15 (Europe/London)');
  });

  it('in dry run says this email is sent all the same, since a person chose to', async () => {
    stub(eventDetail({ status: 'draft_success', can_cancel: false, live_render: false, sent_at: '2026-11-03T09:00:00.000Z' }), () => sentEventDetail(), 'dryrun');
    const dialog = await openSendDialog('Send now', 'Send this email now?');
    await waitFor(() => expect(dialog.textContent).toContain('Your organisation is in dry run, but this email really is sent: you are choosing to send it.'));
    expect(dialog.textContent).toContain(`“${SUBJECT}” goes now to Ann <ann@acme.test>, through your mail server.`);
    expect(dialog.textContent).toContain('It was only kept as a draft in dry run: the customer has not received it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Sent to Ann <ann@acme.test>')).toBeTruthy();
  });

  it('tells a dry-run draft as kept, not sent', async () => {
    server.use(onApi('GET /api/events/:id/', sentEventDetail({ status: 'draft_success', message_id: null, smtp_response: null, attempts: 0, can_execute: true })));
    renderRoute(`/emails/${EVENT_ID}`);
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(delivery.textContent).toContain('Kept in dry run: rendered as it would have gone, and not sent.');
    expect(delivery.textContent).toContain('Drafted3 November 2026 at 14:05 (Europe/London)');
    expect(delivery.textContent).not.toContain('Message-ID');
    expect(screen.getByRole('button', { name: 'Send now' })).toBeTruthy();
  });

  it('asks again with the same key after a lost answer, so the server never sends it twice', async () => {
    let calls = 0;
    stub(eventDetail(), () => {
      calls += 1;
      return calls === 1 ? HttpResponse.error() : sentEventDetail();
    });
    const dialog = await openSendDialog('Send now', 'Send this email now?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Could not reach the server. It may or may not have been sent');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sent to Ann <ann@acme.test>')).toBeTruthy();
    const keys = sends().map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('closes with Escape or Don’t send, sending nothing', async () => {
    stub(eventDetail(), () => sentEventDetail());
    const dialog = await openSendDialog('Send now', 'Send this email now?');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Don’t send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sends()).toEqual([]);
  });
});
