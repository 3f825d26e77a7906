import { z } from 'zod';

/**
 * What a column of an imported CSV can mean. Each row of the file is one invoice of one customer
 * (the shape Xero, QuickBooks and Stripe export); the customer columns repeat on its invoices.
 */
export const importFieldSchema = z.enum([
  'customer_name',
  'customer_ref',
  'contact_email',
  'currency',
  'invoice_number',
  'invoice_external_id',
  'issued_on',
  'due_date',
  'amount_total',
  'amount_paid',
  'amount_remaining',
  'status',
  'payment_url',
  'workflow',
]);
export type ImportField = z.infer<typeof importFieldSchema>;

export interface ImportFieldInfo {
  label: string;
  /** One line for the mapping screen: what the column should hold and what happens without it. */
  help: string;
  required: boolean;
}

/** Labels and help in the order the mapping screen shows them. */
export const IMPORT_FIELDS: Record<ImportField, ImportFieldInfo> = {
  customer_name: { label: 'Customer name', help: 'Matches an existing customer by name, or creates one.', required: true },
  customer_ref: { label: 'Customer ID', help: 'Your accounting tool’s id for the customer; matched before the name.', required: false },
  contact_email: { label: 'Contact email', help: 'Becomes the primary contact when the customer has none.', required: false },
  currency: { label: 'Currency', help: 'ISO code such as GBP; rows without one use the default currency.', required: false },
  invoice_number: { label: 'Invoice number', help: 'Identifies the invoice: importing it again updates it.', required: true },
  invoice_external_id: { label: 'Invoice ID', help: 'Your accounting tool’s id for the invoice, kept for reference.', required: false },
  issued_on: { label: 'Invoice date', help: 'When the invoice was issued; the due date when missing.', required: false },
  due_date: { label: 'Due date', help: 'When payment was due: what makes an invoice overdue.', required: true },
  amount_total: { label: 'Invoice total', help: 'The invoice’s full amount. Map this or the amount outstanding.', required: false },
  amount_paid: { label: 'Amount paid', help: 'Paid so far; worked out from total and outstanding when missing.', required: false },
  amount_remaining: { label: 'Amount outstanding', help: 'Still to pay (open balance, amount due).', required: false },
  status: { label: 'Status', help: 'Paid, void, written off or open; worked out from the amounts when missing.', required: false },
  payment_url: { label: 'Payment link', help: 'Where the customer can pay; included in reminders.', required: false },
  workflow: { label: 'Workflow', help: 'The name of a workflow the customer should follow; blank leaves it as it is.', required: false },
};

/** Fields a mapping must give; plus at least one of {@link IMPORT_AMOUNT_FIELDS}. */
export const IMPORT_REQUIRED_FIELDS = importFieldSchema.options.filter((f) => IMPORT_FIELDS[f].required);
export const IMPORT_AMOUNT_FIELDS = ['amount_total', 'amount_remaining'] as const satisfies readonly ImportField[];

/** Which column (0-based index in the header) each field is read from; unmapped fields are absent. */
export const importMappingSchema = z.partialRecord(importFieldSchema, z.number().int().min(0).max(999));
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** How to read dates like 03/04/2026: day first (UK, the default) or month first (US). */
export const dateOrderSchema = z.enum(['dmy', 'mdy']);
export type DateOrder = z.infer<typeof dateOrderSchema>;

/** The issues of a mapping that cannot import anything, as field + reason. */
export function mappingProblems(mapping: ImportMapping): { field: string; reason: string }[] {
  const problems = IMPORT_REQUIRED_FIELDS.filter((f) => mapping[f] === undefined).map((f) => ({
    field: f,
    reason: `must be mapped to a column (${IMPORT_FIELDS[f].label})`,
  }));
  if (IMPORT_AMOUNT_FIELDS.every((f) => mapping[f] === undefined)) {
    problems.push({ field: 'amount_total', reason: 'map the invoice total or the amount outstanding' });
  }
  return problems;
}
