import { type InvoiceStatus, invoiceStatusSchema, type PaymentKind } from '@receivables/contracts';
import type Stripe from 'stripe';

import { settle } from '../invoices/invoice-settlement';

/**
 * Stripe's objects in our terms (decision 0022). Pure: the sync and the webhooks both map through
 * here, so an invoice read either way lands the same.
 */

const INVOICE_STATUSES: readonly InvoiceStatus[] = invoiceStatusSchema.options;

/** A customer's external_ref: the Stripe id, under the source that owns it. */
export const stripeRef = (stripeCustomerId: string): string => `stripe:${stripeCustomerId}`;
/** The ref a customer imported from a Stripe CSV export carries (imports: `csv:<Customer column>`). */
export const csvRefOf = (stripeCustomerId: string): string => `csv:${stripeCustomerId}`;

/** A Unix time as the calendar date it falls on in UTC. */
export const utcDate = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

export interface MappedCustomer {
  stripeId: string;
  name: string;
  email: string | null;
  /** Upper-case ISO code, or null while Stripe has not fixed one (no invoice yet). */
  currency: string | null;
}

export function mapCustomer(c: Stripe.Customer): MappedCustomer {
  const name = c.name?.trim() || c.email?.trim() || c.id;
  return { stripeId: c.id, name, email: c.email?.trim() || null, currency: c.currency ? c.currency.toUpperCase() : null };
}

export interface MappedInvoice {
  stripeId: string;
  stripeCustomerId: string;
  number: string;
  currency: string;
  amountDue: number;
  amountPaid: number;
  amountRemaining: number;
  status: InvoiceStatus;
  issuedOn: string;
  dueDate: string;
  paymentUrl: string | null;
  /** Stripe's own collection (decision 0023): when it will charge again, and how often it tried. */
  retry: StripeRetry;
}

/** Where Stripe's automatic collection of an invoice stands. */
export interface StripeRetry {
  /** When Stripe will try the card again; null when it will not (paid, not charged automatically, or given up). */
  nextAttemptAt: Date | null;
  attempts: number;
  /** Open, charged automatically, tried at least once, and Stripe will not try again: its retries are over. */
  ended: boolean;
}

/** Why an invoice is not taken: a draft has no number and is not owed yet. */
export type InvoiceSkip = { skip: true; reason: string };

export function mapInvoice(i: Stripe.Invoice): MappedInvoice | InvoiceSkip {
  const customerId = typeof i.customer === 'string' ? i.customer : (i.customer?.id ?? null);
  if (!customerId) return { skip: true, reason: 'has no customer' };
  if (!i.status || i.status === 'draft' || !i.number) return { skip: true, reason: 'is a draft' };
  const status = INVOICE_STATUSES.find((s) => s === i.status);
  if (!status) return { skip: true, reason: `has a status this app does not know: ${i.status}` };
  const issuedOn = utcDate(i.status_transitions.finalized_at ?? i.created);
  // An invoice charged automatically has no due date: it was due when it was issued.
  const due = i.due_date ? utcDate(i.due_date) : issuedOn;
  const money = settle(status, i.amount_due, Math.min(i.amount_paid, i.amount_due));
  return {
    stripeId: i.id,
    stripeCustomerId: customerId,
    number: i.number,
    currency: i.currency.toUpperCase(),
    amountDue: i.amount_due,
    ...money,
    issuedOn,
    dueDate: due < issuedOn ? issuedOn : due,
    paymentUrl: i.hosted_invoice_url ?? null,
    retry: retryOf(i, status),
  };
}

function retryOf(i: Stripe.Invoice, status: InvoiceStatus): StripeRetry {
  const attempts = i.attempt_count;
  const open = status === 'open';
  const nextAttemptAt = open && i.next_payment_attempt ? new Date(i.next_payment_attempt * 1000) : null;
  const automatic = i.collection_method === 'charge_automatically';
  return { nextAttemptAt, attempts, ended: open && automatic && attempts > 0 && nextAttemptAt === null };
}

export interface MappedPayment {
  stripeId: string;
  stripeInvoiceId: string;
  /** Money received, or a credit note that took money off the invoice (decision 0022). */
  kind: PaymentKind;
  amount: number;
  currency: string;
  paidAt: Date;
}

/** A paid invoice payment; anything else (open, cancelled, nothing paid) is not money received. */
export function mapInvoicePayment(p: Stripe.InvoicePayment): MappedPayment | null {
  if (p.status !== 'paid' || !p.amount_paid || p.amount_paid <= 0) return null;
  const invoiceId = typeof p.invoice === 'string' ? p.invoice : p.invoice.id;
  return {
    stripeId: p.id,
    stripeInvoiceId: invoiceId,
    kind: 'payment',
    amount: p.amount_paid,
    currency: p.currency.toUpperCase(),
    paidAt: new Date((p.status_transitions.paid_at ?? p.created) * 1000),
  };
}

/**
 * A credit note as an entry beside its invoice's payments, dated when it took effect; null when it
 * was voided (it no longer credits anything, and Stripe has given the invoice its amount back).
 * Its amount is already out of the invoice's amount due: the entry is for the history only.
 */
export function mapCreditNote(n: Stripe.CreditNote): MappedPayment | null {
  if (n.status === 'void') return null;
  return {
    stripeId: n.id,
    stripeInvoiceId: typeof n.invoice === 'string' ? n.invoice : n.invoice.id,
    kind: 'credit_note',
    amount: n.amount,
    currency: n.currency.toUpperCase(),
    paidAt: new Date((n.effective_at ?? n.created) * 1000),
  };
}

export const isSkip = (value: MappedInvoice | InvoiceSkip): value is InvoiceSkip => 'skip' in value;
