import type { CustomerNote, OverdueSummary, ToDoFollowUp } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiRequests, onApi } from '../../../test/api-handlers';
import { toDoRecord } from '../../../test/home-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';

import { ToDoCard } from './to-do-card';

const NOTHING_OVERDUE: OverdueSummary = { customers_overdue: 0, default_currency: 'GBP', currencies: [], chasing_stopped: [] };
const CUSTOMER_ID = '55555555-5555-4555-8555-555555555555';

const followUp = (n: number, overrides: Partial<ToDoFollowUp> = {}): ToDoFollowUp => ({
  note_id: `99999999-0000-4000-8000-00000000000${n}`,
  customer_id: CUSTOMER_ID,
  customer_name: 'Acme Ltd',
  kind: 'call',
  contact_name: 'Jane Smith',
  outcome: 'left_message',
  body: 'Asked her to ring back about INV-7',
  follow_up_on: '2026-11-27',
  ...overrides,
});

const doneNote: CustomerNote = {
  id: '99999999-0000-4000-8000-000000000001',
  customer_id: CUSTOMER_ID,
  kind: 'call',
  body: 'Asked her to ring back about INV-7',
  contact_name: 'Jane Smith',
  outcome: 'left_message',
  happened_at: '2026-11-26T10:00:00Z',
  follow_up_on: '2026-11-27',
  follow_up_done_at: '2026-11-27T09:00:00Z',
  follow_up_done_by_name: 'Ann Owner',
  created_by: null,
  created_by_name: null,
  created_at: '2026-11-26T10:00:00Z',
  updated_at: '2026-11-27T09:00:00Z',
};

describe('To do: follow-ups of notes and calls (decision 0043)', () => {
  it('counts the follow-ups due after the replies, and opens in place to list each with its customer and Done', async () => {
    const late = followUp(2, { customer_name: 'Northwind Traders', kind: 'note', contact_name: null, outcome: null, body: 'Check the remittance', follow_up_on: '2026-11-24' });
    server.use(
      onApi('GET /api/customers/overdue-summary', NOTHING_OVERDUE),
      onApi('GET /api/home/to-do', toDoRecord({ replies_to_read: 1, emails_today: 3, follow_ups_due: 2, follow_ups: [late, followUp(1)] })),
      onApi('POST /api/notes/:id/follow-up-done', doneNote),
    );
    renderWithApp(<ToDoCard />);
    const toDo = await screen.findByRole('region', { name: 'To do' });
    const toggle = await within(toDo).findByRole('button', { name: '2 follow-ups due today' });
    const lines = within(toDo).getAllByRole('listitem').map((line) => line.firstElementChild?.textContent);
    expect(lines).toEqual(['1 reply to read', '2 follow-ups due today', '3 emails go out today']);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(toDo).queryByRole('list', { name: 'Follow-ups due' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = await within(toDo).findByRole('list', { name: 'Follow-ups due' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Northwind Traders' }).getAttribute('href')).toBe(`/customers/${CUSTOMER_ID}`);
    expect(first!.textContent).toContain('Note: Check the remittance');
    expect(first!.textContent).toContain('Due since 24 November 2026');
    expect(second!.textContent).toContain('Call with Jane Smith · Left a message: Asked her to ring back about INV-7');
    expect(second!.textContent).not.toContain('Due since');

    fireEvent.click(within(second!).getByRole('button', { name: 'Mark the follow-up with Acme Ltd done' }));
    await waitFor(() => expect(apiRequests('POST /api/notes/:id/follow-up-done')).toHaveLength(1));
    expect(apiRequests('POST /api/notes/:id/follow-up-done')[0]).toMatchObject({ url: '/api/notes/99999999-0000-4000-8000-000000000001/follow-up-done' });
  });

  it('lists the follow-ups to a member, without Done', async () => {
    server.use(
      onApi('GET /api/customers/overdue-summary', NOTHING_OVERDUE),
      onApi('GET /api/home/to-do', toDoRecord({ follow_ups_due: 1, follow_ups: [followUp(1)] })),
    );
    renderWithApp(<ToDoCard />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    fireEvent.click(await screen.findByRole('button', { name: '1 follow-up due today' }));
    const list = await screen.findByRole('list', { name: 'Follow-ups due' });
    expect(within(list).getByRole('link', { name: 'Acme Ltd' })).toBeTruthy();
    expect(within(list).queryByRole('button')).toBeNull();
  });
});
