import type { ChaseCalendar, ChasingSettings, EventDetail, EventRow, SendingMode } from '@receivables/contracts';

import { customerRecord } from './customer-data';
import { DEFAULT_WORKFLOW_ID } from './workflow-data';

export const EVENT_ID = '55555555-5555-4555-8555-555555555551';

/** A row of Activity as the API answers it: by default a reminder planned for Acme. */
export function eventRow(overrides: Partial<EventRow> = {}): EventRow {
  return {
    id: EVENT_ID,
    customer_id: customerRecord().id,
    customer_name: customerRecord().name,
    direction: 'outbox',
    status: 'pending',
    kind: 'regular_email',
    tone: 'friendly-reminder',
    email_name: 'Friendly reminder',
    subject: 'A friendly reminder about £1,234.56',
    to: [{ name: 'Ann', email: 'ann@acme.test' }],
    at: '2026-11-05T09:00:00.000Z',
    scheduled_for: '2026-11-05T09:00:00.000Z',
    sent_at: null,
    status_reason: null,
    deferred: [],
    inbound: null,
    ...overrides,
  };
}

/** One email as `GET /api/events/{id}/` answers it: the planned reminder, rendered. */
export function eventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    ...eventRow(),
    cc: [],
    from: 'Acme Receivables <ar@acme.test>',
    html: '<!doctype html><html><head><title>A friendly reminder</title></head><body><p>Hello Ann, £1,234.56 is overdue.</p></body></html>',
    text: 'Hello Ann, £1,234.56 is overdue.',
    workflow: { id: DEFAULT_WORKFLOW_ID, name: 'Standard chasing' },
    standing: 'single_missed',
    due_day: '2026-11-04',
    error: null,
    history: [{ status: 'pending', reason: null, actor_id: null, actor_name: null, at: '2026-11-01T08:00:00.000Z' }],
    can_cancel: true,
    live_render: true,
    live_render_day: '2026-11-04',
    problem: null,
    reply: null,
    thread: [],
    message_id: null,
    smtp_response: null,
    attempts: 0,
    next_attempt_at: null,
    can_execute: true,
    ...overrides,
  };
}

/** A calendar of `days` days from `from`, empty unless `fill` adds emails to some. */
export function chaseCalendar(from: string, fill: (days: ChaseCalendar['days']) => void = () => undefined, days = 14): ChaseCalendar {
  const list: ChaseCalendar['days'] = Array.from({ length: days }, (_, i) => {
    const day = new Date(`${from}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + i);
    return { day: day.toISOString().slice(0, 10), count: 0, workflows: [] };
  });
  fill(list);
  return { from, time_zone: 'Europe/London', days: list };
}

/** The chasing settings of a new organisation, in `mode`: what the send confirmation reads the sending mode from. */
export function chasingSettings(mode: SendingMode = 'sending'): ChasingSettings {
  return {
    time_zone: 'Europe/London',
    send_window_start: '09:00',
    send_window_end: '17:00',
    working_days: [1, 2, 3, 4, 5],
    holiday_region: null,
    weekly_cap: 2,
    sending_mode: mode,
  };
}

/** The planned reminder after it went out by hand: as `POST /api/events/execute/{id}/` answers. */
export function sentEventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  const sentAt = '2026-11-03T14:05:09.000Z';
  return eventDetail({
    status: 'success',
    at: sentAt,
    sent_at: sentAt,
    can_cancel: false,
    can_execute: false,
    live_render: false,
    message_id: '<3f1c2b7e-5a4d-4c1e-9b0a-7d2e8f6a1c3b@acme.test>',
    smtp_response: '250 2.0.0 OK: queued as 4QxY2b1Zz9',
    attempts: 1,
    history: [
      ...eventDetail().history,
      { status: 'success', reason: null, actor_id: '99999999-9999-4999-8999-999999999991', actor_name: 'Ann Accountant', at: sentAt },
    ],
    ...overrides,
  });
}
