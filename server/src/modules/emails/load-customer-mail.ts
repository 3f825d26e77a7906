import type { ContactRole, EmailKind } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { contact, customer } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

import { loadLetterInvoices } from './letter-invoices';
import { greetingNames, type MergeData } from './merge-values';

export interface Recipient {
  name: string | null;
  email: string;
}

/** Who a customer's reminder of each kind goes to, and what it can say about them. */
export interface CustomerMail {
  customerId: string;
  customerName: string;
  standing: string;
  standingSince: Date;
  workflowId: string | null;
  currency: string;
  primary: Recipient | null;
  escalation: Recipient | null;
  /** Roles whose address bounced for good (decision 0021): absent above, and named in the problem. */
  bounced?: ContactRole[];
  invoices: MergeData['invoices'];
}

/**
 * A customer's contacts and the invoices its letter is about on `today` (loadLetterInvoices: the
 * overdue ones, or those coming due), read once for a preview or a send. Another organisation's
 * customer is NOT_FOUND.
 */
export async function loadCustomerMail(tx: Tx, orgId: string, customerId: string, today: string, field?: string): Promise<CustomerMail> {
  // Read here rather than through the customers module, which sits above emails (it plans chasing).
  const [c] = await tx.select().from(customer).where(and(eq(customer.orgId, orgId), eq(customer.id, customerId)));
  if (!c) throw notFound('Customer', field);
  const contacts = await tx
    .select({ name: contact.name, email: contact.email, role: contact.role, undeliverableAt: contact.undeliverableAt })
    .from(contact)
    .where(and(eq(contact.orgId, orgId), eq(contact.customerId, customerId)));
  const letterInvoices = (await loadLetterInvoices(tx, orgId, [customerId], today)).get(customerId) ?? [];
  const byRole = (role: ContactRole) => {
    const found = contacts.find((x) => x.role === role && x.undeliverableAt === null);
    return found ? { name: found.name, email: found.email } : null;
  };
  return {
    customerId: c.id,
    customerName: c.name,
    standing: c.standing,
    standingSince: c.standingSince,
    workflowId: c.workflowId,
    currency: c.currency,
    primary: byRole('primary'),
    escalation: byRole('escalation'),
    bounced: contacts.filter((x) => x.undeliverableAt !== null).map((x) => x.role),
    invoices: letterInvoices,
  };
}

/**
 * Recipients by kind (docs/domain.md#workflows-and-templates): a reminder to the primary contact;
 * an escalation to the escalation contact with the primary in copy. A problem, instead, when the
 * contact the kind needs is missing — such an email cannot be sent.
 */
export function addressFor(
  mail: Pick<CustomerMail, 'primary' | 'escalation' | 'bounced'>,
  kind: EmailKind,
): { to: Recipient[]; cc: Recipient[]; problem: string | null } {
  const bounced = (role: ContactRole) => mail.bounced?.includes(role) ?? false;
  if (kind === 'regular_email') {
    if (mail.primary) return { to: [mail.primary], cc: [], problem: null };
    const problem = bounced('primary') ? 'The primary contact’s address bounced: give the customer another one' : 'The customer has no primary contact to write to';
    return { to: [], cc: [], problem };
  }
  if (!mail.escalation) {
    // With no escalation contact the escalation goes to the primary contact rather than not at all
    // (decision 0036): chasing that stops unseen costs more than a letter to the usual reader.
    if (mail.primary) return { to: [mail.primary], cc: [], problem: null };
    const problem = bounced('escalation') || bounced('primary') ? 'The customer’s addresses bounced: give the customer another one' : 'The customer has no contact to escalate to';
    return { to: [], cc: [], problem };
  }
  return { to: [mail.escalation], cc: mail.primary ? [mail.primary] : [], problem: null };
}

/** The merge data of one email of `kind` to this customer. */
export function mergeDataFor(
  mail: CustomerMail,
  kind: EmailKind,
  context: { today: string; senderName: string; signature: string; remindersSent: number },
): MergeData {
  const { to } = addressFor(mail, kind);
  const addressee = to[0];
  return {
    customerName: mail.customerName,
    ...greetingNames(addressee?.name, mail.customerName),
    primaryContactName: mail.primary?.name ?? mail.primary?.email ?? mail.customerName,
    currency: mail.currency,
    invoices: mail.invoices,
    today: context.today,
    remindersSent: context.remindersSent,
    senderName: context.senderName,
    signature: context.signature,
  };
}
