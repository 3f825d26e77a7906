import { formatMoney, type InvoiceCopyLine, type Mailbox } from '@receivables/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { invoice } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import { emailText, layoutEmailHtml, sanitizeEmailHtml } from '../../lib/email-html';
import { withLetterhead } from '../../lib/email-letterhead';
import { escapeHtml } from '../../lib/html-escape';
import { formatLongDate } from '../../lib/long-date';
import type { ChasingContext } from '../../org/read-chasing-settings';
import { requireCustomer } from '../customers/require-customer';

import type { InboundEmailRecord } from './store-inbound-email';

/** The copy of a customer's open invoices, written in answer to their reply, as it will be sent. */
export interface InvoiceCopy {
  to: Mailbox;
  subject: string;
  invoices: InvoiceCopyLine[];
  total: number;
  currency: string;
  html: string;
  text: string;
}

/** "Re:", "AW:", "SV:", "Fwd:" and the like, repeated, at the start of a subject. */
const REPLY_PREFIXES = /^(?:\s*(?:re|aw|sv|vs|antw|ant|réf|rif|r|fw|fwd|wg|tr)\s*(?:\[\d+\])?\s*:\s*)+/i;

/** The subject of an answer: "Re:" and the subject it answers, so the customer's mail client keeps one conversation. */
export function answerSubject(theirs: string, senderName: string): string {
  const bare = theirs.replace(REPLY_PREFIXES, '').replace(/\s+/g, ' ').trim();
  if (bare) return `Re: ${bare}`;
  return senderName ? `Your open invoices with ${senderName}` : 'Your open invoices';
}

const isWebLink = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * The letter itself: a greeting by the name they wrote under, the open invoices with their due
 * dates, amounts and links to read and pay each, their total, and the organisation's signature.
 */
function letterFragment(to: Mailbox, lines: InvoiceCopyLine[], total: number, currency: string, chasing: ChasingContext): string {
  const who = chasing.senderName ? ` with ${escapeHtml(chasing.senderName)}` : '';
  const count = lines.length === 1 ? 'your open invoice' : `your ${lines.length} open invoices`;
  const rows = lines.map((line) => {
    const link = isWebLink(line.payment_url) ? `<a href="${escapeHtml(line.payment_url)}">View and pay</a>` : '';
    return (
      `<tr><td>${escapeHtml(line.number)}</td><td>${escapeHtml(formatLongDate(line.due_date))}</td>` +
      `<td class="num">${escapeHtml(formatMoney(line.amount_remaining, currency))}</td><td>${link}</td></tr>`
    );
  });
  const anyLink = lines.some((line) => isWebLink(line.payment_url));
  const signature = (chasing.signature || chasing.senderName).split(/\r?\n/).map(escapeHtml).join('<br>');
  return [
    `<p>${to.name ? `Dear ${escapeHtml(to.name)},` : 'Hello,'}</p>`,
    `<p>As you asked, here ${lines.length === 1 ? 'is' : 'are'} ${count}${who}: ${escapeHtml(formatMoney(total, currency))} in all.</p>`,
    '<table class="invoices"><thead><tr><th>Invoice</th><th>Due date</th><th class="num">Amount due</th><th></th></tr></thead>',
    `<tbody>${rows.join('')}</tbody></table>`,
    anyLink ? '<p>Each link opens the invoice, where it can be read, downloaded and paid.</p>' : '',
    '<p>If anything here does not match your records, reply to this email and we will look into it.</p>',
    signature ? `<p>${signature}</p>` : '',
  ].join('');
}

/**
 * Write the copy a reply asks for (decision 0021, "Sending the copy"): to the person who wrote,
 * "Re:" their subject, listing the customer's open invoices (unpaid money left, oldest due date
 * first, not only the overdue ones: a statement) with their payment links. Refused with a reason
 * (422) when the reply is on no customer, is an automatic one, has no sender address, or when
 * the customer owes nothing open. `tx` is scoped to the organisation.
 */
export async function composeInvoiceCopy(
  tx: Tx,
  orgId: string,
  message: InboundEmailRecord,
  chasing: ChasingContext,
): Promise<InvoiceCopy> {
  if (message.customerId === null) throw domainRule('Attach this email to a customer first', 'action', 'the email is not on a customer yet');
  if (message.kind !== 'reply') throw domainRule('An automatic reply asks for nothing: the copy answers a person’s reply', 'action', 'not a reply');
  if (!message.fromAddress) throw domainRule('The email has no sender address to answer', 'action', 'no sender address');
  const customer = await requireCustomer(tx, orgId, message.customerId);
  const open = await tx
    .select({ number: invoice.number, dueDate: invoice.dueDate, amountRemaining: invoice.amountRemaining, paymentUrl: invoice.paymentUrl })
    .from(invoice)
    .where(and(eq(invoice.orgId, orgId), eq(invoice.customerId, customer.id), eq(invoice.status, 'open'), gt(invoice.amountRemaining, 0)))
    .orderBy(asc(invoice.dueDate), asc(invoice.number));
  if (open.length === 0) throw domainRule(`${customer.name} has no open invoices to send`, 'action', 'no open invoices');
  const lines: InvoiceCopyLine[] = open.map((i) => ({
    number: i.number,
    due_date: i.dueDate,
    amount_remaining: i.amountRemaining,
    payment_url: i.paymentUrl,
  }));
  const total = lines.reduce((sum, line) => sum + line.amount_remaining, 0);
  const to: Mailbox = { address: message.fromAddress, name: message.fromName };
  const subject = answerSubject(message.subject, chasing.senderName);
  const fragment = sanitizeEmailHtml(letterFragment(to, lines, total, customer.currency, chasing));
  const letter = withLetterhead({ html: layoutEmailHtml(fragment, subject), text: emailText(fragment) }, chasing.letterhead);
  return { to, subject, invoices: lines, total, currency: customer.currency, ...letter };
}
