import { daysLate, formatMoney } from '@receivables/contracts';

import { escapeHtml } from '../../lib/html-escape';
import { formatLongDate } from '../../lib/long-date';

import { SafeHtml } from './template-engine';

/** One overdue invoice as a reminder lists it. */
export interface MergeInvoice {
  number: string;
  dueDate: string;
  /** Still to pay, in minor units of the customer's currency. */
  amountRemaining: number;
  paymentUrl: string | null;
}

/**
 * What a reminder to one customer can say about them (docs/domain.md#workflows-and-templates):
 * gathered by the caller (the preview, the scheduler, the sender), turned into merge values here.
 */
export interface MergeData {
  customerName: string;
  /**
   * Who the email is written to (the primary contact, or for an escalation the escalation contact),
   * and their first name: both "<customer> team" when the contact has no name (greetingNames).
   */
  contactName: string;
  contactFirstName: string;
  primaryContactName: string;
  currency: string;
  /** Overdue invoices, oldest due date first. */
  invoices: MergeInvoice[];
  /** The organisation's today, for days late. */
  today: string;
  remindersSent: number;
  senderName: string;
  signature: string;
}

/** Only web links become "Pay now" links; anything else (javascript:, data:) is dropped. */
const isWebLink = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

/** Titles before a name: "Dr Ann Lee" is greeted in full, never "Hi Dr". */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'lord', 'lady']);

/**
 * How a contact is greeted (issue 29): by their name, or by the customer's team when the contact
 * has none — never by an email address ("Hi accounts@harbourlane.co.uk,"). The first name is the
 * first word of the name, unless that is a title or an initial, when the whole name is kept.
 */
export function greetingNames(name: string | null | undefined, customerName: string): { contactName: string; contactFirstName: string } {
  const full = name?.trim().replace(/\s+/g, ' ') ?? '';
  if (!full) return { contactName: `${customerName} team`, contactFirstName: `${customerName} team` };
  const first = full.split(' ')[0] ?? full;
  const bare = first.replace(/\.$/, '').toLowerCase();
  const keepWhole = TITLES.has(bare) || bare.length <= 1 || !full.includes(' ');
  return { contactName: full, contactFirstName: keepWhole ? full : first };
}

/** "today", "tomorrow", "in 3 days": when an invoice not yet overdue falls due. */
function dueIn(days: number): string {
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

/**
 * Whether the letter is a reminder before the due date (decision 0036): no invoice it lists is
 * overdue, every due date being today or later. Its wording then says nothing of lateness.
 */
const isBeforeDue = (data: MergeData): boolean => data.invoices.every((inv) => (daysLate(inv.dueDate, data.today) ?? 0) <= 0);

function invoiceTable(data: MergeData): SafeHtml {
  // A reminder before the due date lists invoices not yet late: it says when they fall due.
  const beforeDue = isBeforeDue(data);
  const rows = data.invoices.map((inv) => {
    const late = daysLate(inv.dueDate, data.today) ?? 0;
    const when = beforeDue ? dueIn(-late) : String(Math.max(late, 0));
    const pay = isWebLink(inv.paymentUrl) ? `<a href="${escapeHtml(inv.paymentUrl)}">Pay now</a>` : '';
    return (
      // An invoice number and an amount never break across lines: "INV-" and "1146" read as two at 390 px.
      `<tr><td class="ref">${escapeHtml(inv.number)}</td><td>${escapeHtml(formatLongDate(inv.dueDate))}</td>` +
      `<td class="num">${escapeHtml(when)}</td><td class="num">${escapeHtml(formatMoney(inv.amountRemaining, data.currency))}</td><td>${pay}</td></tr>`
    );
  });
  // With several invoices the letter states what they come to (issue 29): the sum of the rows above.
  const total = data.invoices.reduce((sum, inv) => sum + inv.amountRemaining, 0);
  const foot = data.invoices.length > 1
    // A cell per column, not a colspan: the text part's table lays cells out by column.
    ? `<tfoot><tr><th>Total</th><td></td><td></td><td class="num">${escapeHtml(formatMoney(total, data.currency))}</td><td></td></tr></tfoot>`
    : '';
  return new SafeHtml(
    `<table class="invoices"><thead><tr><th>Invoice</th><th>Due date</th><th class="num">${beforeDue ? 'Due' : 'Days late'}</th><th class="num">Amount due</th><th></th></tr></thead>` +
      `<tbody>${rows.join('')}</tbody>${foot}</table>`,
  );
}

/** A plain-text stand-in for the table, for the subject line. */
const invoiceList = (data: MergeData): string => data.invoices.map((inv) => inv.number).join(', ');

/** The signature as typed, its line breaks kept. */
const signatureHtml = (signature: string): SafeHtml => new SafeHtml(signature.split(/\r?\n/).map(escapeHtml).join('<br>'));

/** One sign-off under the closing: the signature, or the sender name when there is none (never both). */
function signOff(data: MergeData, target: 'html' | 'text'): SafeHtml | string {
  const signature = data.signature.trim();
  if (!signature) return target === 'html' ? new SafeHtml(escapeHtml(data.senderName)) : data.senderName;
  return target === 'html' ? signatureHtml(signature) : signature;
}

/**
 * The values a template's merge fields print, one entry per name in contracts' MERGE_FIELDS. For
 * the body, the table and the signature are HTML built here (their parts escaped); for the
 * subject everything is plain text.
 */
export function mergeValues(data: MergeData, target: 'html' | 'text'): Record<string, unknown> {
  const total = data.invoices.reduce((sum, inv) => sum + inv.amountRemaining, 0);
  const oldest = data.invoices[0]?.dueDate ?? null;
  return {
    customer_name: data.customerName,
    contact_name: data.contactName,
    contact_first_name: data.contactFirstName,
    primary_contact_name: data.primaryContactName,
    amount_overdue: formatMoney(total, data.currency),
    invoice_count: data.invoices.length,
    days_late: oldest ? Math.max(daysLate(oldest, data.today) ?? 0, 0) : 0,
    // Before the due date (a reminder ahead of it, decision 0036): how many days are left; 0 once due.
    days_until_due: oldest ? Math.max(-(daysLate(oldest, data.today) ?? 0), 0) : 0,
    amount_due: formatMoney(total, data.currency),
    before_due: isBeforeDue(data),
    oldest_due_date: oldest ? formatLongDate(oldest) : '',
    invoice_table: target === 'html' ? invoiceTable(data) : invoiceList(data),
    reminders_sent: data.remindersSent,
    sender_name: data.senderName,
    signature: target === 'html' ? signatureHtml(data.signature) : data.signature,
    sign_off: signOff(data, target),
    payment_link_count: data.invoices.filter((inv) => isWebLink(inv.paymentUrl)).length,
  };
}
