import type { StripeWebhookResponse } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';

import type { StripeSettings } from '../../config-slices/stripe';
import { type Db, type Tx, withOrg } from '../../db/client';
import { account, stripeEvent } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { OperationLog } from '../../lib/operation-log';

import { isHardDecline, type PaymentError, queueDeclinedCardNotice, readLastPaymentError } from './declined-card-notice';
import { asAccount } from './stripe-client';
import { isSkip, mapCreditNote, mapCustomer, mapInvoice, mapInvoicePayment } from './stripe-mapping';
import {
  followStripeWrites,
  markStripeCustomerDeleted,
  type RecordOutcome,
  recordStripeRefund,
  removeStripeCredit,
  upsertStripeCustomer,
  upsertStripeInvoice,
  upsertStripePayment,
} from './stripe-records';

export interface StripeWebhookDeps {
  db: Db;
  stripe: Stripe | null;
  settings: StripeSettings;
  now: () => Date;
  log: OperationLog;
}

/**
 * The events applied; the webhook endpoint in Stripe subscribes to these. Any other type is
 * recorded as received and acknowledged, and Stripe is not read for it.
 */
const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  'invoice.finalized',
  'invoice.paid',
  'invoice.voided',
  'invoice.marked_uncollectible',
  'invoice.updated',
  'invoice.payment_failed',
  'invoice_payment.paid',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'charge.refunded',
  'credit_note.created',
  'credit_note.updated',
  'credit_note.voided',
  'account.application.deauthorized',
]);

/**
 * `POST /api/stripe/webhook` (decision 0022). The signature is checked by the SDK over the raw
 * body. An event is recorded by its id in the same transaction that applies it, so a redelivery
 * is recognised and not applied twice. It is applied from the object's CURRENT state, read back
 * from Stripe, never from the snapshot in the event: events arrive late, twice and out of order,
 * and the object itself is the one answer they all agree on.
 */
export async function applyStripeWebhook(
  deps: StripeWebhookDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<StripeWebhookResponse> {
  const { settings, stripe } = deps;
  if (!settings.webhookSecret || !stripe) throw new AppError('NOT_FOUND', 'Stripe webhooks are not set up on this server');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(raw, signature ?? '', settings.webhookSecret);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The Stripe-Signature header does not match the body', [
      { field: 'stripe-signature', reason: 'is missing, altered, too old or made with another secret' },
    ]);
  }
  const connected = event.account ? await findConnectedAccount(deps.db, event.account) : null;
  if (!connected) return { received: true, outcome: 'ignored' };
  if (await wasApplied(deps.db, connected.orgId, event.id)) return { received: true, outcome: 'duplicate' };
  if (!HANDLED_EVENTS.has(event.type)) {
    const received = { id: event.id, orgId: connected.orgId, accountId: connected.id, type: event.type };
    await withOrg(deps.db, connected.orgId, (tx) => tx.insert(stripeEvent).values(received).onConflictDoNothing());
    return { received: true, outcome: 'ignored' };
  }

  const current = await readCurrent(stripe, event);
  const now = deps.now();
  const applied = await withOrg(deps.db, connected.orgId, async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvent)
      .values({ id: event.id, orgId: connected.orgId, accountId: connected.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvent.id });
    if (!fresh) return false;
    const touched = await write(tx, connected, event, current, now);
    if (current.invoice && isHardDecline(current.paymentError ?? null)) {
      // Before the plan is reconciled, so the workflow's next email leaves the notice a day.
      const notice = await queueDeclinedCardNotice(tx, connected.orgId, current.invoice.id, current.invoice.attempt_count, now);
      if (notice) deps.log.info(`stripe: invoice ${current.invoice.id} was declined for good; its payment link goes at once (email ${notice})`);
    }
    await followStripeWrites(tx, connected.orgId, touched, now);
    await tx.update(stripeEvent).set({ appliedAt: now }).where(eq(stripeEvent.id, event.id));
    return true;
  });
  return { received: true, outcome: applied ? 'applied' : 'duplicate' };
}

interface ConnectedAccount {
  id: string;
  orgId: string;
  externalAccountId: string;
}

/** Which organisation an event is for: the connected account it names (policy account_lookup). */
async function findConnectedAccount(db: Db, externalAccountId: string): Promise<ConnectedAccount | null> {
  const [row] = await db
    .select({ id: account.id, orgId: account.orgId, externalAccountId: account.externalAccountId })
    .from(account)
    .where(and(eq(account.provider, 'stripe'), eq(account.externalAccountId, externalAccountId), eq(account.status, 'connected')));
  return row ?? null;
}

async function wasApplied(db: Db, orgId: string, eventId: string): Promise<boolean> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx.select({ appliedAt: stripeEvent.appliedAt }).from(stripeEvent).where(eq(stripeEvent.id, eventId)),
  );
  return row?.appliedAt != null;
}

/** What Stripe holds now for the event's object, with the customer an invoice names. */
interface Current {
  customer?: Stripe.Customer | Stripe.DeletedCustomer;
  invoice?: Stripe.Invoice;
  payment?: Stripe.InvoicePayment;
  creditNote?: Stripe.CreditNote;
  /** For `charge.refunded`: what of `payment`'s charge Stripe has given back so far. */
  amountRefunded?: number;
  /** For a failed payment Stripe will not try again: why the last try failed (decision 0023). */
  paymentError?: PaymentError | null;
}

async function readCurrent(stripe: Stripe, event: Stripe.Event): Promise<Current> {
  const as = asAccount(event.account as string);
  const object = event.data.object as { id?: string; object?: string; invoice?: unknown };
  try {
    if (event.type.startsWith('invoice.') && object.object === 'invoice' && object.id) {
      const invoice = await stripe.invoices.retrieve(object.id, {}, as);
      const current: Current = { invoice, customer: await customerOf(stripe, invoice, as) };
      const mapped = mapInvoice(invoice);
      if (event.type === 'invoice.payment_failed' && !isSkip(mapped) && mapped.retry.ended) {
        current.paymentError = await readLastPaymentError(stripe, invoice.id, as);
      }
      return current;
    }
    if (event.type === 'invoice_payment.paid' && object.id) {
      const payment = await stripe.invoicePayments.retrieve(object.id, {}, as);
      const invoiceId = typeof payment.invoice === 'string' ? payment.invoice : payment.invoice.id;
      const invoice = await stripe.invoices.retrieve(invoiceId, {}, as);
      return { payment, invoice, customer: await customerOf(stripe, invoice, as) };
    }
    if (event.type.startsWith('customer.') && object.id) {
      // A deleted customer is read back as Stripe's stub, `deleted: true`, whatever the event.
      return { customer: await stripe.customers.retrieve(object.id, {}, as) };
    }
    if (event.type.startsWith('credit_note.') && object.id) {
      const creditNote = await stripe.creditNotes.retrieve(object.id, {}, as);
      const invoice = await stripe.invoices.retrieve(idOf(creditNote.invoice), {}, as);
      return { creditNote, invoice, customer: await customerOf(stripe, invoice, as) };
    }
    if (event.type === 'charge.refunded' && object.id) return await readRefund(stripe, object.id, as);
    return {};
  } catch (error) {
    // Stripe could not be read: answering 503 makes Stripe deliver the event again later.
    if (error instanceof Stripe.errors.StripeError) {
      throw new AppError('UPSTREAM_UNAVAILABLE', `Stripe could not be read to apply ${event.type}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * A refunded charge, with the invoice payment it made and that invoice: since Stripe's API of
 * 2025-03-31 a charge no longer names its invoice, so its PaymentIntent finds the invoice payment.
 * A charge that paid no invoice changes nothing here.
 */
async function readRefund(stripe: Stripe, chargeId: string, as: Stripe.RequestOptions): Promise<Current> {
  const charge = await stripe.charges.retrieve(chargeId, {}, as);
  const intent = charge.payment_intent ? idOf(charge.payment_intent) : null;
  if (!intent) return {};
  const paid = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intent }, status: 'paid', limit: 1 }, as);
  const payment = paid.data[0];
  if (!payment) return {};
  const invoice = await stripe.invoices.retrieve(idOf(payment.invoice), {}, as);
  return { payment, invoice, customer: await customerOf(stripe, invoice, as), amountRefunded: charge.amount_refunded };
}

const idOf = (value: string | { id?: string }): string => (typeof value === 'string' ? value : (value.id ?? ''));

async function customerOf(
  stripe: Stripe,
  invoice: Stripe.Invoice,
  as: Stripe.RequestOptions,
): Promise<Stripe.Customer | Stripe.DeletedCustomer | undefined> {
  const id = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  return id ? stripe.customers.retrieve(id, {}, as) : undefined;
}

/** Apply the current state; answers the customers whose figures and chasing must follow. */
async function write(tx: Tx, connected: ConnectedAccount, event: Stripe.Event, current: Current, now: Date): Promise<string[]> {
  const { orgId } = connected;
  if (event.type === 'account.application.deauthorized') {
    await tx
      .update(account)
      .set({ status: 'disconnected', disconnectedAt: new Date(event.created * 1000), disconnectedReason: 'deauthorized' })
      .where(eq(account.id, connected.id));
    return [];
  }
  const touched: string[] = [];
  const keep = (outcome: RecordOutcome) => {
    if ('customerId' in outcome) touched.push(outcome.customerId);
  };
  if (current.customer?.deleted) keep(await markStripeCustomerDeleted(tx, orgId, current.customer.id, now));
  else if (current.customer) keep(await upsertStripeCustomer(tx, orgId, mapCustomer(current.customer)));
  if (current.invoice) {
    const mapped = mapInvoice(current.invoice);
    if (!isSkip(mapped)) keep(await upsertStripeInvoice(tx, orgId, mapped, now));
  }
  if (current.payment) {
    const paid = mapInvoicePayment(current.payment);
    if (paid) keep(await upsertStripePayment(tx, orgId, paid));
    // The invoice stays as Stripe has it (a refund leaves it paid); the payment shows what was given back.
    if (paid && current.amountRefunded !== undefined) keep(await recordStripeRefund(tx, orgId, paid.stripeId, current.amountRefunded));
  }
  if (current.creditNote) {
    const credit = mapCreditNote(current.creditNote);
    keep(credit ? await upsertStripePayment(tx, orgId, credit) : await removeStripeCredit(tx, orgId, current.creditNote.id));
  }
  return [...new Set(touched)];
}
