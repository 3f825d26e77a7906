import type { Contact, ContactRole, Customer, Standing, Tag } from '@receivables/contracts';

/** One row of the customer SQL (customer-query.ts): snake_case columns as PostgreSQL returns them. */
export interface CustomerSqlRow {
  id: string;
  name: string;
  currency: string;
  standing: Standing;
  standing_since: Date;
  paused_until: string | null;
  workflow_id: string | null;
  last_chase_at: Date | null;
  amount_overdue: number;
  n_invoices: number;
  due_date: string | null;
  external_ref: string | null;
  created_at: Date;
  updated_at: Date;
  contact_id: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_role: ContactRole | null;
  escalation_id: string | null;
  escalation_name: string | null;
  escalation_email: string | null;
  escalation_phone: string | null;
  tags: Tag[] | null;
}

/** The one place a customer row becomes the wire shape of the contracts. */
export function toCustomer(row: CustomerSqlRow): Customer {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    standing: row.standing,
    standing_since: iso(row.standing_since),
    paused_until: row.paused_until,
    workflow_id: row.workflow_id,
    last_chase_at: row.last_chase_at ? iso(row.last_chase_at) : null,
    amount_overdue: row.amount_overdue,
    n_invoices: row.n_invoices,
    due_date: row.due_date,
    external_ref: row.external_ref,
    contact: toContact(row.contact_id, row.contact_name, row.contact_email, row.contact_phone, row.contact_role ?? 'primary'),
    escalation_contact: toContact(row.escalation_id, row.escalation_name, row.escalation_email, row.escalation_phone, 'escalation'),
    tags: row.tags ?? [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function toContact(id: string | null, name: string | null, email: string | null, phone: string | null, role: ContactRole): Contact | null {
  if (!id || !email) return null;
  return { id, name, email, phone, role };
}

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
