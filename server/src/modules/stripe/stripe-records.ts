import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { contact, customer, invoice, orgSettings, payment } from '../../db/schema';
import { recordAudit } from '../../org/record-audit';
import { refreshCustomerFigures } from '../customers/refresh-customer-figures';
import { reconcileCustomers } from '../scheduling/reconcile-customers';

import { csvRefOf, type MappedCustomer, type MappedInvoice, type MappedPayment, stripeRef } from './stripe-mapping';

/**
 * Writing what Stripe says into our customers, contacts, invoices and payments (decision 0022),
 * upserting by Stripe id. A customer imported from a Stripe CSV export (external_ref
 * `csv:cus_…`) is adopted rather than copied, and so are its invoices, matched by number. Each
 * function runs in the caller's organisation transaction; the caller refreshes the figures and
 * the chasing of the customers they touched, once per batch.
 */

/** What a write did: the customer it touched, or why nothing was written. */
export type RecordOutcome = { customerId: string } | { problem: string };

/** Our customer for a Stripe customer id, adopting a CSV-imported one; null when neither exists. */
export async function findStripeCustomer(
  tx: Tx,
  orgId: string,
  stripeCustomerId: string,
): Promise<{ id: string; currency: string } | null> {
  const rows = await tx
    .select({ id: customer.id, currency: customer.currency, externalRef: customer.externalRef })
    .from(customer)
    .where(and(eq(customer.orgId, orgId), inArray(customer.externalRef, [stripeRef(stripeCustomerId), csvRefOf(stripeCustomerId)])));
  const own = rows.find((r) => r.externalRef === stripeRef(stripeCustomerId)) ?? rows[0];
  if (!own) return null;
  if (own.externalRef !== stripeRef(stripeCustomerId)) {
    await tx.update(customer).set({ externalRef: stripeRef(stripeCustomerId) }).where(eq(customer.id, own.id));
  }
  return { id: own.id, currency: own.currency };
}

/** Create or update the customer, and give it a primary contact from Stripe's email when it has none. */
export async function upsertStripeCustomer(tx: Tx, orgId: string, c: MappedCustomer): Promise<RecordOutcome> {
  const found = await findStripeCustomer(tx, orgId, c.stripeId);
  let customerId: string;
  if (found) {
    customerId = found.id;
    // The currency follows Stripe's only while the customer has no invoice to disagree with it.
    const currency = c.currency && c.currency !== found.currency && !(await hasInvoices(tx, found.id)) ? c.currency : found.currency;
    await tx.update(customer).set({ name: c.name, currency }).where(eq(customer.id, found.id));
  } else {
    const currency = c.currency ?? (await defaultCurrency(tx, orgId));
    const [row] = await tx
      .insert(customer)
      .values({ orgId, name: c.name, currency, externalRef: stripeRef(c.stripeId) })
      .returning({ id: customer.id });
    if (!row) throw new Error('customer insert returned nothing');
    customerId = row.id;
  }
  if (c.email) {
    await tx
      .insert(contact)
      .values({ orgId, customerId, role: 'primary', email: c.email })
      .onConflictDoNothing({ target: contact.customerId, where: sql`${contact.role} = 'primary'` });
  }
  return { customerId };
}

/**
 * Create or update the invoice by its Stripe id, else adopt the CSV invoice with its number. An
 * invoice whose customer is unknown here is refused (the caller reads the customer from Stripe
 * first); one in another currency than its customer is a problem, unless the customer has no
 * invoice yet, whose currency then follows it.
 */
export async function upsertStripeInvoice(tx: Tx, orgId: string, i: MappedInvoice, seenAt: Date): Promise<RecordOutcome> {
  const owner = await findStripeCustomer(tx, orgId, i.stripeCustomerId);
  if (!owner) return { problem: `Its customer ${i.stripeCustomerId} is not known here` };
  const existing = await tx
    .select({
      id: invoice.id,
      source: invoice.source,
      externalId: invoice.externalId,
      number: invoice.number,
      retriesEndedAt: invoice.retriesEndedAt,
    })
    .from(invoice)
    .where(
      and(
        eq(invoice.orgId, orgId),
        or(and(eq(invoice.source, 'stripe'), eq(invoice.externalId, i.stripeId)), eq(invoice.number, i.number)),
      ),
    )
    .for('update');
  const own = existing.find((e) => e.source === 'stripe' && e.externalId === i.stripeId);
  const sameNumber = existing.find((e) => e.number === i.number && e !== own);
  if (sameNumber && (own || sameNumber.source !== 'csv')) {
    return { problem: `Invoice number ${i.number} is already used by an invoice ${sameNumber.source === 'csv' ? 'imported from a CSV file' : 'added here'}` };
  }
  const target = own ?? sameNumber;
  if (i.currency !== owner.currency) {
    const others = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invoice)
      .where(and(eq(invoice.customerId, owner.id), target ? sql`${invoice.id} <> ${target.id}` : sql`true`));
    if ((others[0]?.n ?? 0) > 0) return { problem: `It is in ${i.currency}, and its customer's invoices are in ${owner.currency}` };
    await tx.update(customer).set({ currency: i.currency }).where(eq(customer.id, owner.id));
  }
  const values = {
    customerId: owner.id,
    number: i.number,
    currency: i.currency,
    amountDue: i.amountDue,
    amountPaid: i.amountPaid,
    amountRemaining: i.amountRemaining,
    status: i.status,
    issuedOn: i.issuedOn,
    dueDate: i.dueDate,
    paymentUrl: i.paymentUrl,
    source: 'stripe' as const,
    externalId: i.stripeId,
    paymentRetryAt: i.retry.nextAttemptAt,
    paymentAttempts: i.retry.attempts,
    // When the retries ended is when we first saw them over: kept while they stay over (decision 0023).
    retriesEndedAt: i.retry.ended ? (target?.retriesEndedAt ?? seenAt) : null,
  };
  if (target) await tx.update(invoice).set(values).where(eq(invoice.id, target.id));
  else await tx.insert(invoice).values({ orgId, ...values });
  return { customerId: owner.id };
}

/**
 * Record a paid invoice payment or a credit note once, by its Stripe id; its invoice must be known
 * here. Neither changes what the invoice owes: Stripe's own amounts already count both.
 */
export async function upsertStripePayment(tx: Tx, orgId: string, p: MappedPayment): Promise<RecordOutcome> {
  const paid = await findStripeInvoice(tx, orgId, p.stripeInvoiceId);
  if (!paid) return { problem: `Its invoice ${p.stripeInvoiceId} is not known here` };
  const values = {
    customerId: paid.customerId,
    invoiceId: paid.id,
    kind: p.kind,
    amount: p.amount,
    currency: p.currency,
    paidAt: p.paidAt,
  };
  await tx
    .insert(payment)
    .values({ orgId, source: 'stripe', externalId: p.stripeId, ...values })
    .onConflictDoUpdate({
      target: [payment.orgId, payment.source, payment.externalId],
      targetWhere: sql`${payment.externalId} is not null`,
      set: values,
    });
  return { customerId: paid.customerId };
}

/** A voided credit note's entry goes: it no longer credits anything. */
export async function removeStripeCredit(tx: Tx, orgId: string, stripeCreditNoteId: string): Promise<RecordOutcome> {
  const [gone] = await tx
    .delete(payment)
    .where(and(eq(payment.orgId, orgId), eq(payment.source, 'stripe'), eq(payment.kind, 'credit_note'), eq(payment.externalId, stripeCreditNoteId)))
    .returning({ customerId: payment.customerId });
  return gone ? { customerId: gone.customerId } : { problem: `Credit note ${stripeCreditNoteId} is void` };
}

/**
 * What of a Stripe invoice payment was refunded (`charge.refunded`, decision 0022): set from the
 * charge's own total refunded, never added to, so the same refund applied twice counts once.
 */
export async function recordStripeRefund(tx: Tx, orgId: string, stripePaymentId: string, amountRefunded: number): Promise<RecordOutcome> {
  const [row] = await tx
    .update(payment)
    .set({ amountRefunded: sql`least(${amountRefunded}, ${payment.amount})` })
    .where(and(eq(payment.orgId, orgId), eq(payment.source, 'stripe'), eq(payment.externalId, stripePaymentId)))
    .returning({ customerId: payment.customerId });
  return row ? { customerId: row.customerId } : { problem: `Its payment ${stripePaymentId} is not known here` };
}

/**
 * A customer Stripe deleted (decision 0022): kept with its invoices and payments, marked with
 * when we saw it go (an entry on its timeline says so), and no longer updated from Stripe.
 */
export async function markStripeCustomerDeleted(tx: Tx, orgId: string, stripeCustomerId: string, seenAt: Date): Promise<RecordOutcome> {
  const [row] = await tx
    .update(customer)
    .set({ stripeDeletedAt: seenAt })
    .where(and(eq(customer.orgId, orgId), eq(customer.externalRef, stripeRef(stripeCustomerId)), isNull(customer.stripeDeletedAt)))
    .returning({ id: customer.id });
  if (!row) return { problem: `Customer ${stripeCustomerId} is not here or already marked deleted` };
  await recordAudit(tx, { orgId, actorId: null }, {
    action: 'customer.stripe_delete',
    entity: 'customer',
    entityId: row.id,
    customerId: row.id,
    before: { stripe_deleted_at: null },
    after: { stripe_deleted_at: seenAt.toISOString(), stripe_customer: stripeCustomerId },
  });
  return { customerId: row.id };
}

async function findStripeInvoice(tx: Tx, orgId: string, stripeInvoiceId: string): Promise<{ id: string; customerId: string } | null> {
  const [row] = await tx
    .select({ id: invoice.id, customerId: invoice.customerId })
    .from(invoice)
    .where(and(eq(invoice.orgId, orgId), eq(invoice.source, 'stripe'), eq(invoice.externalId, stripeInvoiceId)));
  return row ?? null;
}

async function hasInvoices(tx: Tx, customerId: string): Promise<boolean> {
  const [row] = await tx.select({ id: invoice.id }).from(invoice).where(eq(invoice.customerId, customerId)).limit(1);
  return row !== undefined;
}

async function defaultCurrency(tx: Tx, orgId: string): Promise<string> {
  const [row] = await tx.select({ currency: orgSettings.defaultCurrency }).from(orgSettings).where(eq(orgSettings.orgId, orgId));
  return row?.currency ?? 'GBP';
}

/**
 * After writing what Stripe says: the touched customers' figures and standing, then their chasing,
 * in the same transaction (the sync's page, a webhook, the re-read before a send), so standing and
 * planned emails never lag the money.
 */
export async function followStripeWrites(tx: Tx, orgId: string, customerIds: readonly string[], now: Date): Promise<void> {
  if (customerIds.length === 0) return;
  await refreshCustomerFigures(tx, orgId, { customerIds: [...customerIds], now });
  await reconcileCustomers(tx, orgId, customerIds, now);
}
