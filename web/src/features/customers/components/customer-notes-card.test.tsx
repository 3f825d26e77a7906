import { addDays, type CustomerNote, organisationToday } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

import { formatLongDate } from '../../../lib/format';
import { apiError, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { customerDetail } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';

import { CustomerNotesCard } from './customer-notes-card';

const customer = customerDetail({
  contact: { id: '33333333-3333-4333-8333-333333333333', name: 'Jane Smith', email: 'jane@halcyon.test', phone: null, role: 'primary', undeliverable: null },
});
const today = organisationToday(TEST_ORGANISATION.time_zone);

const note = (n: number, overrides: Partial<CustomerNote> = {}): CustomerNote => ({
  id: `99999999-0000-4000-8000-00000000000${n}`,
  customer_id: customer.id,
  kind: 'note',
  body: 'Finance moved to Leeds',
  contact_name: null,
  outcome: null,
  happened_at: '2026-11-20T10:30:00Z',
  follow_up_on: null,
  follow_up_done_at: null,
  follow_up_done_by_name: null,
  created_by: '11111111-1111-4111-8111-111111111111',
  created_by_name: 'Ann Owner',
  created_at: '2026-11-20T10:30:00Z',
  updated_at: '2026-11-20T10:30:00Z',
  ...overrides,
});

const call = note(2, {
  kind: 'call',
  contact_name: 'Jane Smith',
  outcome: 'left_message',
  body: 'Asked her to ring back about INV-7',
  happened_at: '2026-11-21T14:05:00Z',
  follow_up_on: today,
});

/** The picker fields in the order the dialog shows them, typed as a paste would (DD/MM/YYYY). */
function typeDate(index: number, value: string) {
  const input = document.querySelectorAll<HTMLInputElement>('input.MuiPickersInputBase-input')[index];
  if (!input) throw new Error(`no date field ${index}`);
  fireEvent.change(input, { target: { value } });
}

describe('the notes and calls card', () => {
  it('lists notes and calls as the API orders them, with who wrote them, the follow-up due and Done', async () => {
    server.use(
      onApi('GET /api/customers/:id/notes/', { rows: [call, note(1, { follow_up_on: addDays(today, 3) })], total: 2 }),
      onApi('POST /api/notes/:id/follow-up-done', { ...call, follow_up_done_at: new Date().toISOString(), follow_up_done_by_name: 'Ann Owner' }),
    );
    renderWithApp(<CustomerNotesCard customer={customer} />);
    const list = await screen.findByRole('list', { name: 'Notes and calls' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Call with Jane Smith · Left a message' })).toBeTruthy();
    expect(within(first!).getByText('Asked her to ring back about INV-7')).toBeTruthy();
    expect(within(first!).getByText(/^21 November 2026, \d\d:\d\d$/).parentElement?.textContent).toMatch(/ · Ann Owner$/);
    expect(within(first!).getByText('Follow up today')).toBeTruthy();
    expect(within(second!).getByRole('heading', { name: 'Note' })).toBeTruthy();
    expect(within(second!).getByText(`Follow up on ${formatLongDate(addDays(today, 3))}`)).toBeTruthy();

    fireEvent.click(within(first!).getByRole('button', { name: 'Mark the follow-up of “Call with Jane Smith · Left a message” done' }));
    await waitFor(() => expect(apiRequests('POST /api/notes/:id/follow-up-done')).toHaveLength(1));
    expect(apiRequests('POST /api/notes/:id/follow-up-done')[0]).toMatchObject({ url: `/api/notes/${call.id}/follow-up-done` });
  });

  it('says when there is nothing yet, and when the notes failed to load, with a retry', async () => {
    server.use(onApi('GET /api/customers/:id/notes/', apiError(500, 'INTERNAL', 'Something went wrong on our side')));
    renderWithApp(<CustomerNotesCard customer={customer} />);
    expect(await screen.findByText('Failed to load notes and calls')).toBeTruthy();
    server.use(onApi('GET /api/customers/:id/notes/', { rows: [], total: 0 }));
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('No notes or calls yet')).toBeTruthy();
  });

  it('gives a member the notes to read, the buttons disabled with the reason, and no Edit, Delete or Done', async () => {
    server.use(onApi('GET /api/customers/:id/notes/', { rows: [call], total: 1 }));
    renderWithApp(<CustomerNotesCard customer={customer} />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    expect(await screen.findByText('Follow up today')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log a call' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add a note' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /Edit|Delete|done/ })).toBeNull();
  });

  it('logs a call: who (the contact offered), how it went, when, what was said and a follow-up; refuses a past follow-up day first, then shows the server’s reason on its field', async () => {
    let refuse = true;
    server.use(
      onApi('GET /api/customers/:id/notes/', { rows: [], total: 0 }),
      onApi('POST /api/customers/:id/notes/', () =>
        refuse ? apiError(422, 'DOMAIN_RULE', 'A call cannot be logged before it happens', [{ field: 'happened_at', reason: 'cannot be in the future' }]) : withStatus(201, call),
      ),
    );
    renderWithApp(<CustomerNotesCard customer={customer} />);
    await screen.findByText('No notes or calls yet');
    fireEvent.click(screen.getByRole('button', { name: 'Log a call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log a call' });
    // The customer's contact is offered as the person called.
    expect(within(dialog).getByRole('textbox', { name: 'Who you called' })).toHaveProperty('value', 'Jane Smith');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Who you called' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log call' }));
    expect(await within(dialog).findByText('Enter who you called')).toBeTruthy();
    expect(within(dialog).getByText('Choose how the call went')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Who you called' }), { target: { value: 'Jane Smith' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /How it went/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Left a message' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Time' }), { target: { value: '0930' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What was said' }), { target: { value: ' Will ring back ' } });
    typeDate(0, dayjs(today).subtract(1, 'day').format('DD/MM/YYYY'));
    typeDate(1, dayjs(today).subtract(1, 'day').format('DD/MM/YYYY'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log call' }));
    expect(await within(dialog).findByText('Choose today or a later day')).toBeTruthy();
    expect(apiRequests('POST /api/customers/:id/notes/')).toHaveLength(0);

    typeDate(1, dayjs(today).add(4, 'day').format('DD/MM/YYYY'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log call' }));
    expect(await within(dialog).findByText('cannot be in the future')).toBeTruthy();
    const [sent] = apiRequests('POST /api/customers/:id/notes/');
    expect(sent).toMatchObject({
      url: `/api/customers/${customer.id}/notes/`,
      body: { kind: 'call', contact_name: 'Jane Smith', outcome: 'left_message', body: 'Will ring back', follow_up_on: addDays(today, 4) },
    });
    expect(new Date((sent!.body as { happened_at: string }).happened_at).toISOString()).toBe(
      dayjs(`${dayjs(today).subtract(1, 'day').format('YYYY-MM-DD')}T09:30`).toISOString(),
    );
    expect(sent!.headers['idempotency-key']).toBeTruthy();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log call' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log a call' })).toBeNull());
    expect(await screen.findByText('Call with Jane Smith logged')).toBeTruthy();
  });
});
