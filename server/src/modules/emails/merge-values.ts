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
  /** Who the email is written to: the primary contact, or for an escalation the escalation contact. */
  contactName: string;
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

function invoiceTable(data: MergeData): SafeHtml {
  const rows = data.invoices.map((inv) => {
    const late = daysLate(inv.dueDate, data.today) ?? 0;
    const pay = isWebLink(inv.paymentUrl) ? `<a href="${escapeHtml(inv.paymentUrl)}">Pay now</a>` : '';
    return (
      `<tr><td>${escapeHtml(inv.number)}</td><td>${escapeHtml(formatLongDate(inv.dueDate))}</td>` +
      `<td class="num">${late}</td><td class="num">${escapeHtml(formatMoney(inv.amountRemaining, data.currency))}</td><td>${pay}</td></tr>`
    );
  });
  return new SafeHtml(
    '<table class="invoices"><thead><tr><th>Invoice</th><th>Due date</th><th class="num">Days late</th><th class="num">Amount due</th><th></th></tr></thead>' +
      `<tbody>${rows.join('')}</tbody></table>`,
  );
}

/** A plain-text stand-in for the table, for the subject line. */
const invoiceList = (data: MergeData): string => data.invoices.map((inv) => inv.number).join(', ');

/** The signature as typed, its line breaks kept. */
const signatureHtml = (signature: string): SafeHtml => new SafeHtml(signature.split(/\r?\n/).map(escapeHtml).join('<br>'));

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
    primary_contact_name: data.primaryContactName,
    amount_overdue: formatMoney(total, data.currency),
    invoice_count: data.invoices.length,
    days_late: oldest ? (daysLate(oldest, data.today) ?? 0) : 0,
    oldest_due_date: oldest ? formatLongDate(oldest) : '',
    invoice_table: target === 'html' ? invoiceTable(data) : invoiceList(data),
    reminders_sent: data.remindersSent,
    sender_name: data.senderName,
    signature: target === 'html' ? signatureHtml(data.signature) : data.signature,
  };
}
