import { type EmailKind, organisationToday, type RenderedEmail } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';
import { type CustomerMail, mergeDataFor } from '../emails/load-customer-mail';
import type { MergeInvoice } from '../emails/merge-values';
import { renderEmail, renderSubject } from '../emails/render-email';

import type { PlanContext } from './plan-context';
import type { PlannedEmail } from './plan-customer';

/**
 * The overdue invoices of these customers on `today` (open, past due, money left to pay, not being
 * retried by Stripe; oldest first), in one read: what their reminders list. The same rule as loadCustomerMail.
 */
export async function loadOverdueInvoices(
  tx: Tx,
  orgId: string,
  ids: readonly string[],
  today: string,
): Promise<Map<string, MergeInvoice[]>> {
  const byCustomer = new Map<string, MergeInvoice[]>();
  if (ids.length === 0) return byCustomer;
  const rows = await tx.execute<{ customer_id: string; number: string; due_date: string; amount_remaining: number; payment_url: string | null }>(sql`
    select customer_id, number, due_date, amount_remaining, payment_url from invoice
    where org_id = ${orgId} and customer_id = any(${uuidArray(ids)}) and status = 'open'
      and due_date < ${today}::date and amount_remaining > 0 and payment_retry_at is null
    order by customer_id, due_date, number`);
  for (const r of rows.rows) {
    const list = byCustomer.get(r.customer_id) ?? [];
    list.push({ number: r.number, dueDate: r.due_date, amountRemaining: r.amount_remaining, paymentUrl: r.payment_url });
    byCustomer.set(r.customer_id, list);
  }
  return byCustomer;
}

/**
 * One planned email rendered exactly as the preview shows it and the sender would send it: the
 * figures of `mail` (read on the planning day), days late counted to the day it goes out, and the
 * wording chosen by customer and step. Null when its template is gone.
 */
export async function renderPlannedEmail(context: PlanContext, mail: CustomerMail, email: PlannedEmail): Promise<RenderedEmail | null> {
  const template = context.templates.get(email.step.emailId);
  if (!template) return null;
  return renderEmail(template, plannedMergeData(context, mail, email, template.kind), seedOf(mail, email));
}

/**
 * The subject of one planned email, exactly as the preview shows it and the sender will send it:
 * the figures of `mail` (read on the planning day), days late counted to the day it goes out, the
 * wording chosen by customer and step. Only the subject is kept when an email is planned (Activity
 * lists it); the body is rendered when the email is read or sent (decision 0020). Null when its
 * template is gone.
 */
export async function renderPlannedSubject(context: PlanContext, mail: CustomerMail, email: PlannedEmail): Promise<string | null> {
  const template = context.templates.get(email.step.emailId);
  if (!template) return null;
  return renderSubject(template, plannedMergeData(context, mail, email, template.kind), seedOf(mail, email));
}

/** The seed names the customer and step, so `vary` picks the same words for the preview, the detail and the send. */
const seedOf = (mail: CustomerMail, email: PlannedEmail) => `${mail.customerId}:${email.step.id}`;

function plannedMergeData(context: PlanContext, mail: CustomerMail, email: PlannedEmail, kind: EmailKind) {
  return mergeDataFor(mail, kind, {
    today: organisationToday(context.chasing.settings.time_zone, email.sendAt),
    senderName: context.chasing.senderName,
    signature: context.chasing.signature,
    remindersSent: email.remindersSent,
  });
}
