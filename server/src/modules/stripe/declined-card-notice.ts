import { formatMoney } from '@receivables/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';

import type { Tx } from '../../db/client';
import { contact, customer, event, invoice } from '../../db/schema';
import { emailText, layoutEmailHtml, sanitizeEmailHtml } from '../../lib/email-html';
import { withLetterhead } from '../../lib/email-letterhead';
import { escapeHtml } from '../../lib/html-escape';
import { formatLongDate } from '../../lib/long-date';
import { type ChasingContext, readChasingContext } from '../../org/read-chasing-settings';
import { recordStatuses } from '../scheduling/event-writes';

/**
 * The payment link sent at once after a hard decline (decision 0023). Stripe does not retry a
 * card its issuer refused outright, and neither will anyone else: the customer has to pay another
 * way, and the sooner they know, the sooner they can.
 */

/**
 * Decline codes that say the card itself will not be charged: lost, stolen, expired, closed, the
 * number wrong, the authorisation revoked, or the issuer's "do not try again". Stripe's own list of
 * codes it will not retry is of this kind; `insufficient_funds`, `do_not_honor` and the like are
 * soft, and Stripe's retries are the right answer to them.
 */
export const HARD_DECLINE_CODES: ReadonlySet<string> = new Set([
  'card_not_supported',
  'currency_not_supported',
  'do_not_try_again',
  'expired_card',
  'fraudulent',
  'incorrect_number',
  'invalid_account',
  'invalid_number',
  'lost_card',
  'new_account_information_available',
  'pickup_card',
  'restricted_card',
  'revocation_of_all_authorizations',
  'revocation_of_authorization',
  'stolen_card',
  'stop_payment_order',
]);

/** Why the last try to charge a card failed, in Stripe's words. */
export interface PaymentError {
  code: string | null;
  declineCode: string | null;
  adviceCode: string | null;
}

/** A decline after which the card will not be charged again: by its code, or the issuer's advice. */
export function isHardDecline(error: PaymentError | null): boolean {
  if (!error) return false;
  if (error.adviceCode === 'do_not_try_again' || error.adviceCode === 'confirm_card_data') return true;
  return [error.declineCode, error.code].some((code) => code !== null && HARD_DECLINE_CODES.has(code));
}

/**
 * The error of the invoice's latest try: its newest invoice payment's PaymentIntent (since Stripe's
 * API of 2025-03-31 an invoice reaches its payments through invoice payments). Null when none failed.
 */
export async function readLastPaymentError(stripe: Stripe, invoiceId: string, as: Stripe.RequestOptions): Promise<PaymentError | null> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 1 }, as);
  const intent = payments.data[0]?.payment.payment_intent;
  const intentId = typeof intent === 'string' ? intent : intent?.id;
  if (!intentId) return null;
  const error = (await stripe.paymentIntents.retrieve(intentId, {}, as)).last_payment_error;
  return error ? { code: error.code ?? null, declineCode: error.decline_code ?? null, adviceCode: error.advice_code ?? null } : null;
}

const isWebLink = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

interface NoticeFacts {
  to: { name: string | null; email: string };
  number: string;
  dueDate: string;
  amountRemaining: number;
  currency: string;
  paymentUrl: string;
}

/** The notice's words: what happened, the amount and the link to pay, and what to do if it is wrong. */
export function declinedCardLetter(
  facts: NoticeFacts,
  chasing: Pick<ChasingContext, 'senderName' | 'signature'> & Partial<Pick<ChasingContext, 'letterhead'>>,
): { subject: string; html: string; text: string } {
  const subject = `Your card payment for invoice ${facts.number} was declined`;
  const amount = escapeHtml(formatMoney(facts.amountRemaining, facts.currency));
  const who = chasing.senderName ? ` to ${escapeHtml(chasing.senderName)}` : '';
  const signature = (chasing.signature || chasing.senderName).split(/\r?\n/).map(escapeHtml).join('<br>');
  const fragment = sanitizeEmailHtml(
    [
      `<p>${facts.to.name ? `Dear ${escapeHtml(facts.to.name)},` : 'Hello,'}</p>`,
      `<p>We tried to take the payment of ${amount} for invoice ${escapeHtml(facts.number)}${who}, due on ${escapeHtml(formatLongDate(facts.dueDate))}, ` +
        'from the card on file, and the card’s issuer declined it. It will not be tried again.</p>',
      `<p><a href="${escapeHtml(facts.paymentUrl)}">Pay invoice ${escapeHtml(facts.number)} online</a> with another card or payment method.</p>`,
      '<p>If you have paid it already, or would rather pay another way, reply to this email and we will sort it out.</p>',
      signature ? `<p>${signature}</p>` : '',
    ].join(''),
  );
  return { subject, ...withLetterhead({ html: layoutEmailHtml(fragment, subject), text: emailText(fragment) }, chasing.letterhead) };
}

/**
 * Queue the notice for an invoice Stripe has just stopped charging after a hard decline: a pending
 * email due now, written as it will be sent, to the customer's primary contact, with the invoice's
 * hosted payment link. Once per invoice and try (`dedupe_key`), so a webhook delivered three times
 * writes one. Nothing when the invoice is not open with money left and a link, the customer is
 * paused, or has nobody to write to. Answers the notice's id, or null. `tx` is scoped to the organisation.
 */
export async function queueDeclinedCardNotice(
  tx: Tx,
  orgId: string,
  stripeInvoiceId: string,
  attempt: number,
  now: Date,
): Promise<string | null> {
  const [found] = await tx
    .select({
      id: invoice.id,
      customerId: invoice.customerId,
      number: invoice.number,
      dueDate: invoice.dueDate,
      amountRemaining: invoice.amountRemaining,
      currency: invoice.currency,
      status: invoice.status,
      paymentUrl: invoice.paymentUrl,
      standing: customer.standing,
    })
    .from(invoice)
    .innerJoin(customer, eq(customer.id, invoice.customerId))
    .where(and(eq(invoice.orgId, orgId), eq(invoice.source, 'stripe'), eq(invoice.externalId, stripeInvoiceId)));
  if (!found || found.status !== 'open' || found.amountRemaining <= 0 || found.standing === 'paused' || !isWebLink(found.paymentUrl)) return null;
  const [primary] = await tx
    .select({ name: contact.name, email: contact.email })
    .from(contact)
    .where(and(eq(contact.orgId, orgId), eq(contact.customerId, found.customerId), eq(contact.role, 'primary'), isNull(contact.undeliverableAt)));
  if (!primary) return null;
  const letter = declinedCardLetter({ ...found, to: primary, paymentUrl: found.paymentUrl }, await readChasingContext(tx, orgId));
  const [row] = await tx
    .insert(event)
    .values({
      orgId,
      customerId: found.customerId,
      direction: 'outbox',
      status: 'pending',
      kind: 'regular_email',
      tone: 'urgent',
      notice: 'payment_declined',
      invoiceId: found.id,
      subject: letter.subject,
      html: letter.html,
      text: letter.text,
      toAddresses: [primary],
      scheduledFor: now,
      dedupeKey: `payment_declined:${found.id}:${attempt}`,
    })
    .onConflictDoNothing()
    .returning({ id: event.id });
  if (!row) return null;
  await recordStatuses(tx, orgId, now, [{ eventId: row.id, status: 'pending', reason: null, actorId: null }]);
  return row.id;
}
