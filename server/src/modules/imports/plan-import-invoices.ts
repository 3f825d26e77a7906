import type { DataSource, ImportedRow, InvoiceStatus } from '@receivables/contracts';

import { type AuditValues, changedFields } from '../../org/record-audit';

/** An invoice as the import writes it. */
export interface ImportInvoiceValues {
  customerId: string;
  number: string;
  currency: string;
  amountDue: number;
  amountPaid: number;
  amountRemaining: number;
  status: InvoiceStatus;
  issuedOn: string;
  dueDate: string;
  paymentUrl: string | null;
  externalId: string | null;
}

/** An invoice with the row's number already in the organisation. */
export interface ExistingInvoice extends ImportInvoiceValues {
  id: string;
  customerName: string;
  source: DataSource;
}

export type InvoicePlan =
  | { kind: 'insert'; values: ImportInvoiceValues }
  | { kind: 'update'; id: string; values: ImportInvoiceValues; before: AuditValues; after: AuditValues }
  | { kind: 'unchanged' }
  | { kind: 'reject'; reason: string };

/**
 * What each row does to its invoice, matched by number (unique in an organisation): a new number
 * is inserted; a known one is updated only when a value differs, so importing a file twice writes
 * nothing the second time. The payment link and the invoice id are changed only when the file
 * gives them, and the id only on invoices the CSV import owns (a Stripe invoice's id is Stripe's).
 */
export class InvoicePlanner {
  private readonly claimedExternalIds = new Map<string, number>();

  constructor(
    private readonly existingByNumber: Map<string, ExistingInvoice>,
    /** Invoice numbers of the CSV invoices already carrying each external id. */
    private readonly csvExternalIds: Map<string, string>,
  ) {}

  plan(row: number, invoice: ImportedRow['invoice'], customerId: string): InvoicePlan {
    const existing = this.existingByNumber.get(invoice.number);
    if (existing && existing.customerId !== customerId) return reject(`${invoice.number} belongs to ${existing.customerName}`);

    const ownsExternalId = !existing || existing.source === 'csv';
    const externalId = ownsExternalId ? (invoice.externalId ?? existing?.externalId ?? null) : existing.externalId;
    if (invoice.externalId !== null && ownsExternalId && externalId !== existing?.externalId) {
      const owner = this.csvExternalIds.get(invoice.externalId);
      if (owner !== undefined && owner !== invoice.number) return reject(`Invoice ID ${invoice.externalId} is already used by invoice ${owner}`);
      const claimedBy = this.claimedExternalIds.get(invoice.externalId);
      if (claimedBy !== undefined) return reject(`Invoice ID ${invoice.externalId} is also on row ${claimedBy}`);
      this.claimedExternalIds.set(invoice.externalId, row);
    }

    const values: ImportInvoiceValues = {
      customerId,
      number: invoice.number,
      currency: invoice.currency,
      amountDue: invoice.amountDue,
      amountPaid: invoice.amountPaid,
      amountRemaining: invoice.amountRemaining,
      status: invoice.status,
      issuedOn: invoice.issuedOn,
      dueDate: invoice.dueDate,
      paymentUrl: invoice.paymentUrl ?? existing?.paymentUrl ?? null,
      externalId,
    };
    if (!existing) return { kind: 'insert', values };
    const diff = changedFields(audited(existing), audited(values));
    return diff ? { kind: 'update', id: existing.id, values, ...diff } : { kind: 'unchanged' };
  }
}

const reject = (reason: string): InvoicePlan => ({ kind: 'reject', reason });

/** The fields an import may change, snake_case as the audit log and the wire show them. */
function audited(v: Omit<ImportInvoiceValues, 'customerId' | 'number'>): AuditValues {
  return {
    currency: v.currency,
    amount_due: v.amountDue,
    amount_paid: v.amountPaid,
    amount_remaining: v.amountRemaining,
    status: v.status,
    issued_on: v.issuedOn,
    due_date: v.dueDate,
    payment_url: v.paymentUrl,
    external_id: v.externalId,
  };
}
