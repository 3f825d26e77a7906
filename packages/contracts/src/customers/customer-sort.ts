import { z } from 'zod';

/** Columns the customer list can be sorted by (docs/api-conventions.md). Nulls always sort last. */
export const customerSortFieldSchema = z.enum([
  'name',
  'currency',
  'standing',
  'amount_overdue',
  'n_invoices',
  'due_date',
  'last_chase_at',
  'created_at',
]);
export type CustomerSortField = z.infer<typeof customerSortFieldSchema>;
