import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { chaseCalendar } from '../../../test/event-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { DEFAULT_WORKFLOW_ID, OTHER_WORKFLOW_ID } from '../../../test/workflow-data';

import { ChaseCalendarCard } from './chase-calendar-card';

const email = (n: number, customer: string, sendAt: string) => ({
  event_id: `55555555-5555-4555-8555-55555555560${n}`,
  customer_id: `11111111-1111-4111-8111-11111111111${n}`,
  customer_name: customer,
  email_name: 'Friendly reminder',
  kind: 'regular_email' as const,
  send_at: sendAt,
});

// Monday 2 November 2026 is today; Wednesday has three emails in two workflows, Friday one.
const CALENDAR = chaseCalendar('2026-11-02', (days) => {
  days[2] = {
    day: '2026-11-04',
    count: 3,
    workflows: [
      { workflow_id: OTHER_WORKFLOW_ID, workflow_name: 'Gentle chasing', count: 1, emails: [email(1, 'Bob’s Bikes', '2026-11-04T10:00:00.000Z')] },
      {
        workflow_id: DEFAULT_WORKFLOW_ID,
        workflow_name: 'Standard chasing',
        count: 2,
        emails: [email(2, 'Ann’s Antiques', '2026-11-04T09:00:00.000Z'), email(3, 'Cat’s Cakes', '2026-11-04T09:30:00.000Z')],
      },
    ],
  };
  days[4] = { day: '2026-11-06', count: 1, workflows: [{ workflow_id: DEFAULT_WORKFLOW_ID, workflow_name: 'Standard chasing', count: 1, emails: [email(4, 'Dan’s Deli', '2026-11-06T09:00:00.000Z')] }] };
});

describe('the chasing calendar', () => {
  it('shows 14 days with their counts and opens on the first day with emails, per workflow, each a link to the email', async () => {
    server.use(onApi('GET /api/workflows/calendar/', CALENDAR));
    renderWithApp(<ChaseCalendarCard />);
    const days = within(await screen.findByRole('group', { name: 'Days' })).getAllByRole('button');
    expect(days).toHaveLength(14);
    // The long date and the phone's day of the month are both in the DOM; CSS shows one.
    expect(days[0]?.textContent).toBe('Today 2 Nov 2 0 emails');
    expect(days[0]?.getAttribute('title')).toBe('Monday 2 November 2026: nothing planned');
    expect(days[2]?.textContent).toBe('Wed 4 Nov 4 3 emails');
    expect(days[2]?.getAttribute('title')).toBe('Wednesday 4 November 2026: 3 emails');
    expect(days[2]?.getAttribute('aria-pressed')).toBe('true');
    expect(apiRequests('GET /api/workflows/calendar/')[0]?.query).toEqual({ days: '14' });

    const wednesday = screen.getByRole('region', { name: 'Emails planned on Wednesday 4 November 2026' });
    expect(within(wednesday).getByText('Wednesday 4 November 2026 · 3 emails')).toBeTruthy();
    expect(within(wednesday).getByText('Gentle chasing · 1 email')).toBeTruthy();
    const standard = within(wednesday).getByRole('list', { name: 'Standard chasing on Wednesday 4 November 2026' });
    expect(within(standard).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '09:00Ann’s Antiques — Friendly reminderReminder',
      '09:30Cat’s Cakes — Friendly reminderReminder',
    ]);
    const link = within(standard).getByRole('link', { name: 'Ann’s Antiques — Friendly reminder' });
    expect(link.getAttribute('href')).toBe('/emails/55555555-5555-4555-8555-555555555602');

    fireEvent.click(days[4]!);
    expect(days[4]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region', { name: 'Emails planned on Friday 6 November 2026' }).textContent).toContain('Dan’s Deli');
    fireEvent.click(days[1]!);
    expect(screen.getByText('No reminder is planned for this day.')).toBeTruthy();
  });

  it('says when nothing is planned at all, and why', async () => {
    server.use(onApi('GET /api/workflows/calendar/', chaseCalendar('2026-11-02')));
    renderWithApp(<ChaseCalendarCard />);
    const note = await screen.findByText(/^Nothing planned in the next 14 days\./);
    expect(note.textContent).toContain('Reminders appear here when a customer falls behind');
    expect(screen.queryByRole('group', { name: 'Days' })).toBeNull();
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    server.use(onApi('GET /api/workflows/calendar/', () => (fail ? apiError(500, 'INTERNAL', 'An unexpected error occurred') : CALENDAR)));
    renderWithApp(<ChaseCalendarCard />);
    expect(await screen.findByText('Failed to load the calendar')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Days' })).toBeTruthy();
  });
});
