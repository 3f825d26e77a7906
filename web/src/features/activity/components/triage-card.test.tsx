import { addDays, type InboundEmailDetail, organisationToday } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { formatLongDate } from '../../../lib/format';
import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { inboundDetail, INBOUND_ID, REPLY_EVENT_ID, replyEventDetail } from '../../../test/inbound-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { TEST_ORGANISATION } from '../../../test/signed-in';

const today = () => organisationToday(TEST_ORGANISATION.time_zone);
const ACTED_AT = '2026-11-23T10:00:00.000Z';
const ANSWER_ID = '0b7c6a52-8f6e-4d27-9a1e-5c3f2d1e0a99';

/** The reply's page with `reply` changed, and what the server answers to a triage action. */
function openReply(reply: Partial<InboundEmailDetail>, answer: Response | InboundEmailDetail | null = null) {
  server.use(
    onApi('GET /api/events/:id/', replyEventDetail({ read: true, ...reply })),
    onApi('POST /api/inbound/:id/triage', answer ?? HttpResponse.json({ error: { code: 'INTERNAL', message: 'not expected' } }, { status: 500 })),
  );
  renderRoute(`/emails/${REPLY_EVENT_ID}`);
  return screen.findByRole('region', { name: 'Suggested next step' });
}

const acted = (action: InboundEmailDetail['triage_action'], reply: Partial<InboundEmailDetail> = {}) =>
  inboundDetail({ read: true, ...reply, triage_action: action, triage_acted_at: ACTED_AT, triage_actor_name: 'Ann Accountant' });

const triageBodies = () => apiRequests('POST /api/inbound/:id/triage').map((r) => r.body);

describe('the suggested next step on a reply', () => {
  it('offers the suggestion as one click, confirms what it does, sends it, and then says who did it', async () => {
    const card = await openReply({}, acted('mark_disputed'));
    expect(within(card).getByText('Disputes the debt')).toBeTruthy();
    expect(card.textContent).toContain('Suggested because the reply says “dispute” and “never arrived”.');
    expect([...card.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['dispute', 'never arrived']);

    fireEvent.click(within(card).getByRole('button', { name: 'Mark disputed and pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark disputed and pause?' });
    expect(dialog.textContent).toContain('The dispute is recorded on Acme Widgets Ltd’s timeline and chasing pauses until someone resumes it');
    expect(triageBodies()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark disputed' }));

    expect(await within(card).findByText('Marked disputed by Ann Accountant on 23 November 2026.')).toBeTruthy();
    expect(triageBodies()).toEqual([{ action: 'mark_disputed' }]);
    const [request] = apiRequests('POST /api/inbound/:id/triage');
    expect(request!.url).toBe(`/api/inbound/${INBOUND_ID}/triage`);
    expect(request!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    // The toaster's chunk may still be on its way (app/toast-host.tsx): the toast follows.
    expect(await screen.findByText('Marked disputed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('puts focus on what was done once the suggestion is confirmed, where the keyboard left off, not at the top of the page', async () => {
    const card = await openReply({}, acted('mark_disputed'));
    const take = within(card).getByRole('button', { name: 'Mark disputed and pause' });
    take.focus();
    fireEvent.click(take);
    const dialog = await screen.findByRole('dialog', { name: 'Mark disputed and pause?' });
    // The confirmation is the form's submit: Enter on it (or in the dialog) confirms.
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Mark disputed' });
    expect(confirm.type).toBe('submit');
    fireEvent.submit(confirm.closest('form')!);
    const outcome = await within(card).findByRole('status');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(outcome.textContent).toBe('Marked disputed by Ann Accountant on 23 November 2026.');
    await waitFor(() => expect(document.activeElement).toBe(outcome));
  });

  it('leaves focus alone on a reply someone acted on before the page opened', async () => {
    const card = await openReply({ triage_action: 'mark_disputed', triage_acted_at: ACTED_AT, triage_actor_name: 'Ann Accountant' });
    const outcome = within(card).getByRole('status');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).not.toBe(outcome);
  });

  it('shows a reply already acted on as done, with nothing to click', async () => {
    const card = await openReply({ triage_action: 'mark_paid', triage_acted_at: ACTED_AT, triage_actor_name: null });
    expect(card.textContent).toContain('Paused 7 days to check the payment by a former user on 23 November 2026.');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('records a promise on the day read from the reply, and shows the server’s refusal of the day on the field', async () => {
    const promised = addDays(today(), 8);
    const refusal = apiError(422, 'DOMAIN_RULE', 'The promised day must be after today', [{ field: 'promised_on', reason: 'must be after today' }]);
    const card = await openReply({ triage: { category: 'promise', matches: ['will pay'], promised_on: promised, new_contact: null } }, refusal);
    expect(within(card).getByText('Promises to pay')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: `Record the promise (until ${formatLongDate(promised)})` }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the promise?' });
    expect(dialog.textContent).toContain('The day read from the reply; change it if it is not right.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the promise' }));

    expect(await within(dialog).findByText('must be after today')).toBeTruthy();
    expect(triageBodies()).toEqual([{ action: 'record_promise', promised_on: promised }]);
    expect(screen.getByRole('dialog', { name: 'Record the promise?' })).toBeTruthy();
    // Nothing was done: the card still offers it (behind the dialog).
    expect(within(card).getByRole('button', { name: /^Record the promise/, hidden: true })).toBeTruthy();
  });

  it('asks for the promised day when the reply named none, and refuses today without asking the server', async () => {
    const card = await openReply({ triage: { category: 'promise', matches: ['pay soon'], promised_on: null, new_contact: null } });
    fireEvent.click(within(card).getByRole('button', { name: 'Record the promise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the promise?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the promise' }));
    expect(await within(dialog).findByText('Choose the day they promise to pay by')).toBeTruthy();
    const input = dialog.querySelector<HTMLInputElement>('input.MuiPickersInputBase-input');
    const [year, month, day] = today().split('-');
    fireEvent.change(input!, { target: { value: `${day}/${month}/${year}` } });
    expect(await within(dialog).findByText('Choose a day after today')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the promise' }));
    expect(triageBodies()).toEqual([]);
  });

  it('offers to send the copy a reply asks for, shows what will go, sends it, and links to it', async () => {
    const copyRequest = { category: 'copy_request' as const, matches: ['copy of the invoice'], promised_on: null, new_contact: null };
    server.use(
      onApi('GET /api/inbound/:id/copy/', {
        to: { address: 'priya@northwind.example', name: 'Priya Natarajan' },
        subject: 'Re: Reminder: invoice INV-1042 is overdue',
        invoices: [
          { number: 'INV-1042', due_date: '2026-10-01', amount_remaining: 123_456, payment_url: 'https://pay.example/1042' },
          { number: 'INV-1077', due_date: '2026-12-15', amount_remaining: 50_000, payment_url: null },
        ],
        total: 173_456,
        currency: 'GBP',
        html: '<p>Dear Priya</p>',
        text: 'Dear Priya',
      }),
    );
    const card = await openReply({ triage: copyRequest }, acted('send_copy', { triage: copyRequest, answer_event_id: ANSWER_ID }));
    expect(within(card).getByText('Asks for a copy')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Send the invoice copy' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send the invoice copy?' });
    expect(dialog.textContent).toContain('listing Acme Widgets Ltd’s open invoices with a link to read and pay each — even in dry run');
    const summary = await within(dialog).findByRole('group', { name: 'The copy' });
    expect(summary.textContent).toContain('Priya Natarajan <priya@northwind.example>');
    expect(summary.textContent).toContain('Re: Reminder: invoice INV-1042 is overdue');
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'INV-1042Due 1 October 2026 · payment link£1,234.56',
      'INV-1077Due 15 December 2026£500.00',
    ]);
    expect(summary.textContent).toContain('2 open invoices, £1,734.56 in all');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the copy' }));

    expect(await within(card).findByText(/^Invoice copy sent by Ann Accountant on 23 November 2026\./)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Read the copy' }).getAttribute('href')).toBe(`/emails/${ANSWER_ID}`);
    expect(triageBodies()).toEqual([{ action: 'send_copy' }]);
  });

  it('says why there is no copy to send, in the server’s words, and sends nothing', async () => {
    server.use(onApi('GET /api/inbound/:id/copy/', apiError(422, 'DOMAIN_RULE', 'Acme Widgets Ltd has no open invoices to send', [{ field: 'action', reason: 'no open invoices' }])));
    const card = await openReply({ triage: { category: 'copy_request', matches: ['statement'], promised_on: null, new_contact: null } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send the invoice copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the invoice copy?' });
    expect(await within(dialog).findByText('Nothing to send: Acme Widgets Ltd has no open invoices to send')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Send the copy' }).disabled).toBe(true);
    expect(triageBodies()).toEqual([]);
  });

  it('says where to set up sending when the copy is refused for want of a mail server', async () => {
    server.use(
      onApi('GET /api/inbound/:id/copy/', {
        to: { address: 'priya@northwind.example', name: null },
        subject: 'Re: Reminder',
        invoices: [{ number: 'INV-1042', due_date: '2026-10-01', amount_remaining: 123_456, payment_url: null }],
        total: 123_456,
        currency: 'GBP',
        html: '<p>Hello</p>',
        text: 'Hello',
      }),
    );
    const refusal = apiError(422, 'DOMAIN_RULE', 'No mail server is configured (Settings → Email, or SMTP_URL for the installation)', [
      { field: 'action', reason: 'no mail server or from address' },
    ]);
    const card = await openReply({ triage: { category: 'copy_request', matches: ['copy'], promised_on: null, new_contact: null } }, refusal);
    fireEvent.click(within(card).getByRole('button', { name: 'Send the invoice copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the invoice copy?' });
    await within(dialog).findByRole('group', { name: 'The copy' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the copy' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('No mail server is configured');
    expect(within(alert).getByRole('link', { name: 'Open Settings → Email' }).getAttribute('href')).toBe('/settings/email');
  });

  it('lists every other action in a menu and confirms the one chosen', async () => {
    const card = await openReply({ triage: { category: 'copy_request', matches: ['copy of the invoice'], promised_on: null, new_contact: null } }, acted('mark_paid'));
    fireEvent.click(within(card).getByRole('button', { name: 'Other actions' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Pause 7 days to check the payment',
      'Record the promise',
      'Mark disputed and pause',
      'Replace the contact',
      'Pause',
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Pause 7 days to check the payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause to check the payment?' });
    expect(dialog.textContent).toContain(`Chasing Acme Widgets Ltd pauses for 7 days, until ${formatLongDate(addDays(today(), 7))}, while you look for the payment.`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause 7 days' }));
    expect(await within(card).findByText('Paused 7 days to check the payment by Ann Accountant on 23 November 2026.')).toBeTruthy();
    expect(triageBodies()).toEqual([{ action: 'mark_paid' }]);
  });

  it('still offers Pause and Dismiss for a reply with no suggestion; Dismiss needs no confirmation', async () => {
    const card = await openReply({ triage: null }, acted('dismiss', { triage: null }));
    expect(card.textContent).toContain('No suggestion');
    expect(card.querySelector('mark')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Pause' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(await within(card).findByText('Suggestion dismissed by Ann Accountant on 23 November 2026.')).toBeTruthy();
    // The toast too, though the button that asked for it has gone with the answer.
    expect(await screen.findByText('Suggestion dismissed')).toBeTruthy();
    expect(triageBodies()).toEqual([{ action: 'dismiss' }]);
  });

  it('says why a dismiss was refused, in the server’s words, and keeps the suggestion', async () => {
    const card = await openReply({}, apiError(409, 'CONFLICT', 'Someone has already acted on this reply'));
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Could not dismiss it: Someone has already acted on this reply')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(triageBodies()).toEqual([{ action: 'dismiss' }]);
  });

  it('replaces the contact with the address the reply names, and shows the server’s refusal on its field', async () => {
    const refusal = apiError(400, 'VALIDATION_FAILED', 'The request is not valid', [{ field: 'email', reason: 'must be an email address such as accounts@example.co.uk' }]);
    const card = await openReply(
      { triage: { category: 'wrong_contact', matches: ['no longer works here'], promised_on: null, new_contact: { email: 'ap@northwind.example', name: null } } },
      refusal,
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Replace the contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the contact?' });
    const email = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Email' });
    expect(email.value).toBe('ap@northwind.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace the contact' }));
    expect(await within(dialog).findByText('must be an email address such as accounts@example.co.uk')).toBeTruthy();
    expect(triageBodies()).toEqual([{ action: 'replace_contact', email: 'ap@northwind.example' }]);
  });
});
