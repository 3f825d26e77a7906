import { z } from 'zod';

import { amountSchema, currencyInputSchema, instantSchema } from '../common/dates';
import { listResponseSchema } from '../common/list';
import { textSchema } from '../common/text';
import { currencySchema } from '../customers/customer';
import { dataSourceSchema } from '../invoices/invoice';

/**
 * What a payment row is (decision 0022): money received, or a Stripe credit note that took money
 * off its invoice. A credit note is not money received; the invoice's remaining amount already
 * counts it, so neither kind is added to the customer's figures.
 */
export const paymentKindSchema = z.enum(['payment', 'credit_note']);
export type PaymentKind = z.infer<typeof paymentKindSchema>;

/**
 * Where part of a payment on account went (decision 0037): an amount allocated to one of the
 * customer's open invoices when the payment was recorded, or later when an invoice took credit.
 */
export const paymentAllocationSchema = z.object({
  invoice_id: z.uuid(),
  invoice_number: z.string(),
  amount: z.number().int().positive(),
});
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

/** A payment received from a customer, optionally against one invoice. */
export const paymentSchema = z.object({
  id: z.uuid(),
  customer_id: z.uuid(),
  invoice_id: z.uuid().nullable(),
  /** The invoice's number, for display; null when the payment is not against an invoice. */
  invoice_number: z.string().nullable(),
  amount: z.number().int(),
  currency: currencySchema,
  paid_at: z.iso.datetime({ offset: true }),
  source: dataSourceSchema,
  external_id: z.string().nullable(),
  kind: paymentKindSchema,
  /** What was given back of it since (a refund of the Stripe charge); `amount` minus this is what was kept. */
  amount_refunded: z.number().int().nonnegative(),
  /**
   * A payment on account (no `invoice_id`): what went to which invoice, oldest due first
   * (decision 0037); what they do not add up to is the customer's credit. Empty otherwise.
   */
  allocations: z.array(paymentAllocationSchema),
  created_at: z.iso.datetime({ offset: true }),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * `POST /api/payments/`: applied to `invoice_id` when given (at most its remaining amount);
 * without one, a payment on account, allocated to the customer's open invoices oldest due first,
 * the rest kept as credit (decision 0037). `paid_at` (default now) may not be a later day than the
 * organisation's today.
 */
export const paymentCreateSchema = z.object({
  customer_id: z.uuid(),
  invoice_id: z.uuid().optional(),
  amount: amountSchema.refine((n) => n > 0, 'must be greater than 0'),
  currency: currencyInputSchema,
  paid_at: instantSchema.optional(),
  external_id: textSchema({ min: 1, max: 200 }).optional(),
});
export type PaymentCreate = z.infer<typeof paymentCreateSchema>;
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;

/** `GET /api/customers/{id}/payments/`: newest first. */
export const paymentListResponseSchema = listResponseSchema(paymentSchema);
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;
