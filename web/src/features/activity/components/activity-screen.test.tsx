import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, type ApiAnswer, type ApiRequest, apiRequests, onApi } from '../../../test/api-handlers';
import { customerDetail, customerRecord } from '../../../test/customer-data';
import { eventDetail, eventRow } from '../../../test/event-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { workflowRecord } from '../../../test/workflow-data';

const ACME = customerRecord();
const REPLY_ID = '55555555-5555-4555-8555-555555555552';

const planned = eventRow();
const reply = eventRow({
  id: REPLY_ID,
  direction: 'inbox',
  status: 'incoming',
  kind: null,
  tone: null,
  email_name: null,
  subject: 'Re: A friendly reminder',
  to: [],
  at: '2026-11-02T15:30:00.000Z',
  scheduled_for: null,
  sent_at: '2026-11-02T15:30:00.000Z',
});

function answerEvents(answer: ApiAnswer<'GET /api/events/'> | ((request: ApiRequest) => ApiAnswer<'GET /api/events/'>)) {
  server.use(onApi('GET /api/events/', answer));
}

/** The query of each list request, in order. */
const listQueries = () => apiRequests('GET /api/events/').map((r) => r.query);

describe('Activity at /emails/', () => {
  it('opens on the outbox, a row per email with its status in words and colour', async () => {
    answerEvents({ rows: [planned], total: 1 });
    const { router } = renderRoute('/emails/');
    const table = await screen.findByRole('table', { name: 'Emails' });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Outbox' }).getAttribute('aria-selected')).toBe('true');
    // The outbox's first column ticks planned emails for Send now or Cancel (decision 0045).
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'When', 'Customer', 'Subject', 'Kind', 'Tone', 'Status', 'To']);
    expect(within(table).getByRole('checkbox', { name: 'Select every planned email on this page' })).toBeTruthy();
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('5 November 2026');
    expect(row.textContent).toContain('Goes out 09:00');
    expect(row.textContent).toContain('Acme Widgets Ltd');
    expect(row.textContent).toContain('Friendly reminder');
    expect(row.textContent).toContain('Ann <ann@acme.test>');
    expect(within(row).getByText('Planned').closest('.MuiChip-root')?.className).toContain('MuiChip-colorInfo');
    expect(within(row).getAllByRole('link', { name: planned.subject })[0]?.getAttribute('href')).toBe(`/emails/${planned.id}`);
    expect(screen.getByText('1 email')).toBeTruthy();
    expect(listQueries()).toEqual([{ tab: 'outbox', limit: '25', offset: '0' }]);
    expect(router.state.location.search).toEqual({});
  });

  it('takes the tab and the customer from the URL, names the customer, and clears it', async () => {
    answerEvents(({ query }) => (query.tab === 'inbox' ? { rows: [reply], total: 1 } : { rows: [planned, reply], total: 2 }));
    server.use(onApi('GET /api/customers/:id/', customerDetail()));
    const { router } = renderRoute(`/emails/?tab=inbox&customer_id=${ACME.id}`);
    expect(await screen.findByText('Re: A friendly reminder', { selector: 'a' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Inbox' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Customer: Acme Widgets Ltd')).toBeTruthy();
    expect(listQueries()[0]).toEqual({ tab: 'inbox', customer_id: ACME.id, limit: '25', offset: '0' });

    fireEvent.click(screen.getByRole('button', { name: 'All customers' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'inbox' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ tab: 'inbox', limit: '25', offset: '0' }));
    expect(screen.queryByText('Customer: Acme Widgets Ltd')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'all' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ tab: 'all', limit: '25', offset: '0' }));
    // The outbox is the default, so it leaves the URL.
    fireEvent.click(screen.getByRole('tab', { name: 'Outbox' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('ignores a tab or customer the URL cannot mean', async () => {
    answerEvents({ rows: [planned], total: 1 });
    renderRoute('/emails/?tab=spam&customer_id=not-a-customer');
    await screen.findByRole('table', { name: 'Emails' });
    expect(screen.getByRole('tab', { name: 'Outbox' }).getAttribute('aria-selected')).toBe('true');
    expect(listQueries()).toEqual([{ tab: 'outbox', limit: '25', offset: '0' }]);
    expect(screen.queryByText(/^Customer:/)).toBeNull();
  });

  it('pages through the emails with the page in the URL', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => eventRow({ id: `55555555-5555-4555-8555-5555555556${String(i).padStart(2, '0')}`, subject: `Reminder ${i}` }));
    answerEvents(({ query }) => (query.offset === '0' ? { rows, total: 30 } : { rows: [eventRow({ subject: 'The last one' })], total: 30 }));
    const { router } = renderRoute('/emails/');
    await screen.findByText('Reminder 0', { selector: 'a' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    expect(await screen.findByText('The last one', { selector: 'a' })).toBeTruthy();
    expect(listQueries().at(-1)).toEqual({ tab: 'outbox', limit: '25', offset: '25' });
  });

  it('opens an email when its row is activated with Enter', async () => {
    answerEvents({ rows: [planned], total: 1 });
    server.use(onApi('GET /api/events/:id/', eventDetail()));
    const { router } = renderRoute('/emails/');
    const link = (await screen.findAllByRole('link', { name: planned.subject }))[0]!;
    const row = link.closest('tr')!;
    expect(row.getAttribute('tabindex')).toBe('0');
    expect(link.getAttribute('tabindex')).toBe('-1');
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: planned.subject })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/emails/${planned.id}`);
  });

  it('says why the outbox is empty, and for one customer offers everyone’s', async () => {
    answerEvents({ rows: [], total: 0 });
    server.use(onApi('GET /api/customers/:id/', customerDetail()));
    const { router } = renderRoute(`/emails/?customer_id=${ACME.id}`);
    expect(await screen.findByRole('heading', { name: 'Nothing planned yet for Acme Widgets Ltd' })).toBeTruthy();
    expect(screen.getByText(/Emails appear here when a customer falls behind and their workflow plans a reminder/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show every customer’s emails' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('heading', { name: 'Nothing planned yet' })).toBeTruthy();
  });

  it('shows a failed load with Try again, which loads it', async () => {
    let fail = true;
    answerEvents(() => (fail ? apiError(500, 'INTERNAL', 'An unexpected error occurred') : { rows: [planned], total: 1 }));
    renderRoute('/emails/');
    expect(await screen.findByText('Failed to load emails')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Emails' })).toBeTruthy();
  });

  it('reads a sent email by its time, and a failed or unknown one by its reason', async () => {
    const sent = eventRow({ id: '55555555-5555-4555-8555-555555555553', status: 'success', at: '2026-11-03T14:05:00.000Z', sent_at: '2026-11-03T14:05:00.000Z' });
    const failed = eventRow({ id: '55555555-5555-4555-8555-555555555554', status: 'failure', status_reason: 'rejected', at: '2026-11-03T09:00:00.000Z' });
    const unknown = eventRow({ id: '55555555-5555-4555-8555-555555555555', status: 'unknown', status_reason: 'outcome_unknown', at: '2026-11-02T09:00:00.000Z' });
    answerEvents({ rows: [sent, failed, unknown], total: 3 });
    renderRoute('/emails/');
    const table = await screen.findByRole('table', { name: 'Emails' });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    const [sentRow, failedRow, unknownRow] = within(table).getAllByRole('row').slice(1);
    expect(sentRow?.textContent).toContain('Sent 14:05');
    expect(within(sentRow!).getByText('Sent', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(failedRow?.textContent).toContain('Tried 09:00');
    expect(failedRow?.textContent).toContain('FailedRefused by the mail server');
    expect(unknownRow?.textContent).toContain('UnknownMay or may not have arrived');
    // The reason in full on hover, as the email's page gives it.
    fireEvent.mouseOver(within(unknownRow!).getByText('May or may not have arrived'));
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/^The sender stopped while handing this email to the mail server/);
  });
});

describe('Activity narrowed by status and days (decision 0040)', () => {
  it('asks for what the URL says, shows it in the fields, and clears it back to the whole tab', async () => {
    answerEvents(({ query }) => (query.status === 'pending' ? { rows: [], total: 0 } : { rows: [planned], total: 1 }));
    const { router } = renderRoute('/emails/?status=pending&from=2026-11-27&to=2026-11-27');
    expect(await screen.findByText('No email matches these filters')).toBeTruthy();
    expect(listQueries().at(-1)).toMatchObject({ tab: 'outbox', status: 'pending', from: '2026-11-27', to: '2026-11-27' });
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Planned');
    expect(screen.getByRole('group', { name: 'From' })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    const table = await screen.findByRole('table', { name: 'Emails' });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    expect(router.state.location.search).not.toHaveProperty('status');
    expect(listQueries().at(-1)).not.toHaveProperty('status');
  });

  it('offers the inbox no status of the outbox, and drops one the URL gives it', async () => {
    answerEvents({ rows: [reply], total: 1 });
    renderRoute('/emails/?tab=inbox&status=pending');
    const table = await screen.findByRole('table', { name: 'Emails' });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(listQueries().at(-1)).not.toHaveProperty('status');
  });

  it('narrows to the emails one workflow planned, by name, in the URL; the inbox offers no workflow', async () => {
    const gentle = workflowRecord({ id: '77777777-7777-4777-8777-777777777771', name: 'Key accounts' });
    server.use(onApi('GET /api/workflows/', { rows: [workflowRecord(), gentle], total: 2 }));
    answerEvents(({ query }) => (query.workflow_id === gentle.id ? { rows: [], total: 0 } : { rows: [planned], total: 1 }));
    const { router } = renderRoute('/emails/');
    const table = await screen.findByRole('table', { name: 'Emails' });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Workflow' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Key accounts' }));
    expect(await screen.findByText('No email matches these filters')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ workflow_id: gentle.id });
    expect(listQueries().at(-1)).toMatchObject({ tab: 'outbox', workflow_id: gentle.id });
    expect(screen.getByRole('combobox', { name: 'Workflow' }).textContent).toBe('Key accounts');

    // The inbox's received emails no workflow planned: no field, and none asked for.
    await router.navigate({ to: '/emails/', search: { tab: 'inbox', workflow_id: gentle.id } });
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ tab: 'inbox' }));
    expect(listQueries().at(-1)).not.toHaveProperty('workflow_id');
    expect(screen.queryByRole('combobox', { name: 'Workflow' })).toBeNull();
  });
});
