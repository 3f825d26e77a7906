import { z } from 'zod';

import { chaseStopReasonSchema } from './customer';

/** What one currency's customers owe overdue; amounts are never added across currencies. */
export const overdueTotalSchema = z.object({
  currency: z.string(),
  /** Minor units of `currency`. */
  amount_overdue: z.number().int(),
  customers_overdue: z.number().int(),
});
export type OverdueTotal = z.infer<typeof overdueTotalSchema>;

/**
 * Home's headline: how many customers owe anything overdue, and the total per currency — the
 * organisation's default currency first, then the others by code (decision 0013).
 */
export const overdueSummarySchema = z.object({
  customers_overdue: z.number().int(),
  default_currency: z.string(),
  currencies: z.array(overdueTotalSchema),
  /**
   * Customers who owe, are not paused and have nothing more planned, by why (decision 0039); only
   * the reasons some customer has, most customers first.
   */
  chasing_stopped: z.array(z.object({ reason: chaseStopReasonSchema, customers: z.number().int() })),
});
export type OverdueSummary = z.infer<typeof overdueSummarySchema>;
