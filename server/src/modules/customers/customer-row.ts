import type { ChaseStopReason, Contact, ContactRole, Customer, PauseReason, Standing, Tag } from '@receivables/contracts';

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
  contact_undeliverable_at: Date | null;
  contact_undeliverable_reason: string | null;
  escalation_id: string | null;
  escalation_name: string | null;
  escalation_email: string | null;
  escalation_phone: string | null;
  escalation_undeliverable_at: Date | null;
  escalation_undeliverable_reason: string | null;
  pause_reason: PauseReason | null;
  pause_event_id: string | null;
  stripe_deleted_at: Date | null;
  /** Null while chasing goes on (chase-stopped-sql.ts). */
  chase_stop_reason: ChaseStopReason | null;
  chase_stops_at: Date | null;
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
    contact: toContact(
      { id: row.contact_id, name: row.contact_name, email: row.contact_email, phone: row.contact_phone, role: row.contact_role ?? 'primary' },
      row.contact_undeliverable_at,
      row.contact_undeliverable_reason,
    ),
    escalation_contact: toContact(
      { id: row.escalation_id, name: row.escalation_name, email: row.escalation_email, phone: row.escalation_phone, role: 'escalation' },
      row.escalation_undeliverable_at,
      row.escalation_undeliverable_reason,
    ),
    tags: row.tags ?? [],
    chase_stopped: row.chase_stop_reason && row.chase_stops_at ? { reason: row.chase_stop_reason, since: iso(row.chase_stops_at) } : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

type ContactColumns = { id: string | null; name: string | null; email: string | null; phone: string | null; role: ContactRole };

function toContact(c: ContactColumns, undeliverableAt: Date | null, undeliverableReason: string | null): Contact | null {
  if (!c.id || !c.email) return null;
  const undeliverable = undeliverableAt ? { at: iso(undeliverableAt), reason: undeliverableReason ?? '' } : null;
  return { id: c.id, name: c.name, email: c.email, phone: c.phone, role: c.role, undeliverable };
}

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
