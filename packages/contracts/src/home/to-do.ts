import { z } from 'zod';

import { calendarDateSchema } from '../common/dates';
import { callOutcomeSchema, customerNoteKindSchema } from '../notes/customer-note';

const count = z.number().int().nonnegative();

/** How many follow-ups To do lists by name, oldest day first; the line's count is all of them. */
export const TO_DO_FOLLOW_UPS_LISTED = 50;

/** A follow-up due (decision 0043): the note or call it belongs to, and its customer, to open or mark done. */
export const toDoFollowUpSchema = z.object({
  note_id: z.uuid(),
  customer_id: z.uuid(),
  customer_name: z.string(),
  kind: customerNoteKindSchema,
  contact_name: z.string().nullable(),
  outcome: callOutcomeSchema.nullable(),
  /** The note, or what was said on the call, as written. */
  body: z.string(),
  follow_up_on: calendarDateSchema,
});
export type ToDoFollowUp = z.infer<typeof toDoFollowUpSchema>;

/**
 * `GET /api/home/to-do`: what needs a person today (docs/product.md, Home → To do), as counts the
 * card turns into lines, each a link to the screen filtered to just those. Days are the
 * organisation's own (its zone). Customers whose chasing stopped are counted by the overdue summary.
 */
export const toDoSchema = z.object({
  today: calendarDateSchema,
  tomorrow: calendarDateSchema,
  /** The last day of "this week": pauses ending up to and including it are listed. */
  week_end: calendarDateSchema,
  /** Received emails nobody has opened yet. */
  replies_to_read: count,
  /** Planned emails going out today, and tomorrow (the organisation's days). */
  emails_today: count,
  emails_tomorrow: count,
  /**
   * When none go today or tomorrow (a weekend, a holiday): the next day any do, within a fortnight,
   * and how many; else null.
   */
  next_emails: z.object({ day: calendarDateSchema, count: count.positive() }).nullable(),
  /** Customers paused on a promise to pay by today. */
  promises_due: count,
  /**
   * Customers whose promise date has passed and who still owe: chasing started again the day after
   * the date they gave (decision 0040).
   */
  promises_broken: count,
  /** Customers paused because they dispute the debt. */
  disputes: count,
  /** Customers paused until a day of the next seven: chasing starts again soon. */
  pauses_ending: count,
  /** Follow-ups of notes and calls due today or earlier and not yet done (decision 0043). */
  follow_ups_due: count,
  /** The first {@link TO_DO_FOLLOW_UPS_LISTED} of them, oldest day first. */
  follow_ups: z.array(toDoFollowUpSchema),
});
export type ToDo = z.infer<typeof toDoSchema>;
