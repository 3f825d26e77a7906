import { z } from 'zod';

import { amountSchema, calendarDateSchema, currencyInputSchema } from '../common/dates';
import { listResponseSchema } from '../common/list';
import { pageQuerySchema } from '../common/paging';
import { textSchema } from '../common/text';
import { currencySchema } from '../customers/customer';

export const invoiceStatusSchema = z.enum(['open', 'paid', 'void', 'uncollectible']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Where a record came from (docs/domain.md). */
export const dataSourceSchema = z.enum(['stripe', 'csv', 'api']);
export type DataSource = z.infer<typeof dataSourceSchema>;

const paymentUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2000);

/** An invoice as the API returns it; amounts in minor units of `currency`. */
export const invoiceSchema = z.object({
  id: z.uuid(),
  customer_id: z.uuid(),
  number: z.string(),
  currency: currencySchema,
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  amount_remaining: z.number().int(),
  issued_on: z.iso.date(),
  due_date: z.iso.date(),
  status: invoiceStatusSchema,
  source: dataSourceSchema,
  external_id: z.string().nullable(),
  payment_url: z.string().nullable(),
  /** When Stripe will next try to charge the card for it; its reminders wait until then (decision 0023). */
  payment_retry_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * `POST /api/invoices/`: with `external_id`, an upsert (200 when it updated, 201 when it
 * created); without, a new invoice whose `number` must be unique in the organisation.
 */
export const invoiceCreateSchema = z
  .object({
    customer_id: z.uuid(),
    number: textSchema({ min: 1, max: 100 }),
    currency: currencyInputSchema,
    amount_due: amountSchema,
    amount_paid: amountSchema.optional(),
    issued_on: calendarDateSchema,
    due_date: calendarDateSchema,
    status: invoiceStatusSchema.default('open'),
    external_id: textSchema({ min: 1, max: 200 }).optional(),
    payment_url: paymentUrlSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.due_date < v.issued_on) ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'must not be before issued_on' });
    if (v.amount_paid !== undefined && v.amount_paid > v.amount_due) {
      ctx.addIssue({ code: 'custom', path: ['amount_paid'], message: 'must not exceed amount_due' });
    }
  });
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;
export type InvoiceCreateInput = z.input<typeof invoiceCreateSchema>;

/** `PUT /api/invoices/{id}/`: mark paid / void / uncollectible / open, change amount, due date or link. */
export const invoiceUpdateSchema = z
  .object({
    status: invoiceStatusSchema.optional(),
    amount_due: amountSchema.optional(),
    due_date: calendarDateSchema.optional(),
    payment_url: paymentUrlSchema.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'must change at least one of status, amount_due, due_date, payment_url');
export type InvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

/** `GET /api/invoices/?customer_id=`: open invoices first, then by due date. */
export const invoiceListQuerySchema = pageQuerySchema.extend({ customer_id: z.uuid() });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceListResponseSchema = listResponseSchema(invoiceSchema);
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const invoiceIdParamsSchema = z.object({ id: z.uuid() });
