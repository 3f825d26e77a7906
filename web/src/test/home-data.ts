import type { ToDo } from '@receivables/contracts';

/** Home's To do as the API answers it: nothing to do unless the test says otherwise. */
export function toDoRecord(overrides: Partial<ToDo> = {}): ToDo {
  return {
    today: '2026-11-27',
    tomorrow: '2026-11-28',
    week_end: '2026-12-03',
    replies_to_read: 0,
    emails_today: 0,
    emails_tomorrow: 0,
    next_emails: null,
    promises_due: 0,
    promises_broken: 0,
    disputes: 0,
    pauses_ending: 0,
    follow_ups_due: 0,
    follow_ups: [],
    ...overrides,
  };
}
