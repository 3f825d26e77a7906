import { z } from 'zod';

import { calendarDateSchema } from '../common/dates';

const count = z.number().int().nonnegative();

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
});
export type ToDo = z.infer<typeof toDoSchema>;
