import type { InboundEmailListResponse } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { customerPage, customerRecord } from '../../../test/customer-data';
import { eventRow } from '../../../test/event-data';
import { inboundDetail, inboundRow, replyEventDetail, replyRow } from '../../../test/inbound-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const ACME = customerRecord();
const reply = replyRow();
const autoReply = replyRow({
  id: '55555555-5555-4555-8555-555555555553',
  subject: 'Automatic reply: Reminder',
  inbound: { kind: 'auto_reply', from: { address: 'ooo@globex.example', name: null }, read: true, snippet: 'I am out of the office until Monday.', triage: null },
});
const unassigned = inboundRow();

function answerInbox({ unread = 1, unassignedCount = 0 }: { unread?: number; unassignedCount?: number } = {}) {
  server.use(
    onApi('GET /api/events/', { rows: [reply, autoReply], total: 2 }),
    onApi('GET /api/inbound/counts/', { unread, unassigned: unassignedCount }),
  );
}

const table = () => screen.findByRole('table', { name: 'Emails' });

/** The menu, opened as on a phone (jsdom is narrower than the breakpoint that keeps it open). */
async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

describe('Activity’s inbox at /emails/?tab=inbox', () => {
  it('lists received emails by who wrote them, Reply or Auto-reply, the unread ones bold with a dot read as “Unread”', async () => {
    answerInbox();
    renderRoute('/emails/?tab=inbox');
    const emails = await table();
    await waitFor(() => expect(emails.getAttribute('aria-busy')).toBe('false'));
    expect(within(emails).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['When', 'Customer', 'Subject', 'Kind', 'Tone', 'Status', 'From']);
    const [, unread, read] = within(emails).getAllByRole('row');
    // Who wrote it: the name and the address in the From column, the name under the customer where that column is hidden.
    expect(within(unread!).getByTitle('Priya Natarajan <priya@northwind.example>').textContent).toBe('Priya Natarajanpriya@northwind.example');
    expect(unread!.textContent).toContain('From Priya Natarajan');
    expect(unread!.textContent).toContain('Unread: Acme Widgets Ltd');
    expect(within(unread!).getByText('Reply')).toBeTruthy();
    expect(within(unread!).getByText('Received', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(read!.textContent).toContain('Auto-reply from ooo@globex.example');
    expect(read!.textContent).not.toContain('Unread');
    expect(within(read!).getByText('Auto-reply')).toBeTruthy();
    // It reads without opening it: what it seems to say, then its first words (decision 0040).
    expect(unread!.textContent).toContain('Promises to pay · Hi, we will pay this on Friday 28 November.');
    expect(read!.textContent).toContain('I am out of the office until Monday.');
    // Our reply address is not who it is from.
    expect(emails.textContent).not.toContain('reply+abc@replies.acme.test');
  });

  it('shows the unread count on the inbox tab and beside Activity in the menu', async () => {
    answerInbox({ unread: 3 });
    renderRoute('/emails/?tab=inbox');
    expect(await screen.findByRole('tab', { name: 'Inbox (3 unread replies)' })).toBeTruthy();
    const menu = await openMenu();
    expect(await within(menu).findByRole('link', { name: 'Activity, 3 unread replies' })).toBeTruthy();
  });

  it('shows no count when nothing is unread', async () => {
    answerInbox({ unread: 0 });
    renderRoute('/emails/?tab=inbox');
    await table();
    expect(screen.getByRole('tab', { name: 'Inbox' })).toBeTruthy();
    expect(within(await openMenu()).getByRole('link', { name: 'Activity' })).toBeTruthy();
  });

  it('lists the unassigned emails when asked and attaches one to the customer chosen', async () => {
    answerInbox({ unassignedCount: 1 });
    server.use(
      onApi('GET /api/inbound/unassigned/', { rows: [unassigned], total: 1 }),
      onApi('GET /api/customers/', customerPage([ACME], 1)),
      onApi('POST /api/inbound/:id/assign', inboundDetail({ matched_by: 'hand' })),
    );
    renderRoute('/emails/?tab=inbox');
    const toggle = await screen.findByRole('button', { name: 'Unassigned (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const list = await screen.findByRole('list', { name: 'Unassigned emails' });
    expect(list.textContent).toContain('Priya Natarajan');
    expect(list.textContent).toContain('priya@northwind.example');
    expect(list.textContent).toContain('RE: Reminder: invoice INV-1042 is overdue');
    expect(list.textContent).toContain('We dispute invoice INV-1042 — the goods never arrived.');
    expect(list.textContent).toContain('Received 6 November 2026 at 10:15');

    // Once attached it has a customer: the next read of the unassigned inbox no longer has it.
    server.use(onApi('GET /api/inbound/unassigned/', { rows: [], total: 0 }), onApi('GET /api/inbound/counts/', { unread: 1, unassigned: 0 }));
    fireEvent.click(within(list).getByRole('button', { name: /^Attach to customer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach to a customer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await within(dialog).findByText('Choose the customer it is from')).toBeTruthy();
    expect(apiRequests('POST /api/inbound/:id/assign')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Customer' }), { target: { value: 'Acme' } });
    fireEvent.click(await screen.findByRole('option', { name: /Acme Widgets Ltd/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));

    expect(await screen.findByText('Attached to Acme Widgets Ltd: the email is on their Activity now')).toBeTruthy();
    const [assign] = apiRequests('POST /api/inbound/:id/assign');
    expect(assign).toMatchObject({ url: `/api/inbound/${unassigned.id}/assign`, body: { customer_id: ACME.id } });
    expect(assign!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Unassigned/ })).toBeNull());
    // Activity is read again: the email now shows under its customer.
    expect(apiRequests('GET /api/events/').length).toBeGreaterThan(1);
  });

  it('shows the server’s refusal in the dialog when the email was attached meanwhile', async () => {
    answerInbox({ unassignedCount: 1 });
    server.use(
      onApi('GET /api/inbound/unassigned/', { rows: [unassigned], total: 1 }),
      onApi('GET /api/customers/', customerPage([ACME], 1)),
      onApi('POST /api/inbound/:id/assign', withStatus(409, { error: { code: 'CONFLICT', message: 'This email is already on a customer' } })),
    );
    renderRoute('/emails/?tab=inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Unassigned (1)' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Attach to customer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach to a customer' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Customer' }), { target: { value: 'Acme' } });
    fireEvent.click(await screen.findByRole('option', { name: /Acme Widgets Ltd/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This email is already on a customer');
  });

  it('shows a skeleton while the unassigned emails load, then the list in its place', async () => {
    answerInbox({ unassignedCount: 1 });
    let answer: (page: InboundEmailListResponse) => void = () => undefined;
    const page = new Promise<InboundEmailListResponse>((resolve) => {
      answer = resolve;
    });
    server.use(http.get('/api/inbound/unassigned/', async () => HttpResponse.json(await page)));
    renderRoute('/emails/?tab=inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Unassigned (1)' }));
    const loading = await screen.findByRole('status', { name: 'Loading the unassigned emails' });
    expect(screen.queryByRole('list', { name: 'Unassigned emails' })).toBeNull();
    expect(screen.queryByText('Nothing is waiting to be attached.')).toBeNull();

    answer({ rows: [unassigned], total: 1 });
    expect((await screen.findByRole('list', { name: 'Unassigned emails' })).textContent).toContain('Priya Natarajan');
    expect(loading.isConnected).toBe(false);
  });

  it('says nothing is waiting when the unassigned emails were attached before the list was opened', async () => {
    // The count was read a minute ago; meanwhile a colleague attached the one email it counted.
    answerInbox({ unassignedCount: 1 });
    server.use(onApi('GET /api/inbound/unassigned/', { rows: [], total: 0 }));
    renderRoute('/emails/?tab=inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Unassigned (1)' }));
    expect(await screen.findByText('Nothing is waiting to be attached.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Unassigned emails' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Attach to customer/ })).toBeNull();
  });

  it('opens a reply from its row with Enter, the row being the one tab stop', async () => {
    answerInbox();
    server.use(onApi('GET /api/events/:id/', replyEventDetail({ read: true })));
    const { router } = renderRoute('/emails/?tab=inbox');
    const emails = await table();
    await waitFor(() => expect(emails.getAttribute('aria-busy')).toBe('false'));
    const row = within(emails).getAllByRole('row').find((r) => r.textContent.includes('From Priya Natarajan'));
    expect(row?.getAttribute('tabindex')).toBe('0');
    expect(within(row!).getByRole('link', { name: reply.subject }).getAttribute('tabindex')).toBe('-1');
    fireEvent.keyDown(row!, { key: 'Enter' });
    expect(await screen.findByRole('region', { name: 'The reply' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/emails/${reply.id}`);
  });

  it('chooses the customer to attach to with the arrow keys and Enter', async () => {
    const GLOBEX = customerRecord({ id: '11111111-1111-4111-8111-111111111112', name: 'Globex Corporation' });
    answerInbox({ unassignedCount: 1 });
    server.use(
      onApi('GET /api/inbound/unassigned/', { rows: [unassigned], total: 1 }),
      onApi('GET /api/customers/', customerPage([ACME, GLOBEX], 2)),
      onApi('POST /api/inbound/:id/assign', inboundDetail({ matched_by: 'hand' })),
    );
    renderRoute('/emails/?tab=inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Unassigned (1)' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Attach to customer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach to a customer' });
    const picker = within(dialog).getByRole('combobox', { name: 'Customer' });
    picker.focus();
    fireEvent.change(picker, { target: { value: 'o' } });
    await screen.findByRole('option', { name: /Globex Corporation/ });
    // Down twice: past Acme to Globex, the second match.
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    expect(picker.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Globex Corporation/ }).id);
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect((picker as HTMLInputElement).value).toBe('Globex Corporation');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(apiRequests('POST /api/inbound/:id/assign')).toHaveLength(1));
    expect(apiRequests('POST /api/inbound/:id/assign')[0]!.body).toEqual({ customer_id: GLOBEX.id });
  });

  it('says when the unassigned emails could not be loaded, and tries again', async () => {
    answerInbox({ unassignedCount: 2 });
    server.use(onApi('GET /api/inbound/unassigned/', withStatus(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } })));
    renderRoute('/emails/?tab=inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Unassigned (2)' }));
    expect(await screen.findByText('Failed to load the unassigned emails')).toBeTruthy();
    server.use(onApi('GET /api/inbound/unassigned/', { rows: [unassigned], total: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Unassigned emails' })).toBeTruthy();
  });

  it('does not offer the unassigned on the outbox, nor on one customer’s inbox', async () => {
    server.use(onApi('GET /api/events/', { rows: [eventRow()], total: 1 }), onApi('GET /api/inbound/counts/', { unread: 0, unassigned: 4 }));
    renderRoute('/emails/');
    await table();
    expect(screen.queryByRole('button', { name: /^Unassigned/ })).toBeNull();
  });

  it('says where replies come from when there are none', async () => {
    server.use(onApi('GET /api/events/', { rows: [], total: 0 }));
    renderRoute('/emails/?tab=inbox');
    expect(await screen.findByRole('heading', { name: 'No replies yet' })).toBeTruthy();
    expect(screen.getByText(/Replies to your reminders land here/).textContent).toContain('reply-to domain, set in Settings → Email');
    expect(screen.getByRole('link', { name: 'Open Settings → Email' }).getAttribute('href')).toBe('/settings/email');
  });
});
