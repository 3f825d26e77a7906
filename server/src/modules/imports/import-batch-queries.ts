import type { DataSource, InvoiceStatus } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client';
import { pgArray } from '../../db/pg-arrays';
import type { AuditEntry } from '../../org/record-audit';

import type { CustomerLookup, ExistingCustomer, NewCustomer } from './match-import-customers';
import type { ExistingInvoice, ImportInvoiceValues } from './plan-import-invoices';

// The set-based statements of one import batch (run-customer-import.ts): each takes the whole
// batch as arrays, so a batch of 500 rows is a fixed handful of round trips, never one per row.
// Lookups and updates select their rows with `= any(array)` on an index and take per-row values
// from a JSON map, rather than joining a table to `unnest(...)`: under row-level security the
// planner estimates one row for the table side and would pick a nested loop that compares every
// row of the import (or of the organisation) with every row of the batch.

/** The pg_advisory_xact_lock class of imports; the object is the organisation. */
const IMPORT_LOCK_CLASS = 74_201;

/** Two imports in one organisation take turns batch by batch, so neither creates a customer the other just did. */
export async function lockOrganisationImports(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_CLASS}, hashtext(${orgId}))`);
}

/**
 * The first row of this import that carried each invoice number. Only rows of earlier batches
 * have one yet (index customer_import_row_invoice_number_idx; no row_number condition, which
 * would tempt the planner to walk every earlier row by the primary key instead).
 */
export async function findEarlierNumbers(tx: Tx, importId: string, numbers: string[]): Promise<Map<string, number>> {
  if (numbers.length === 0) return new Map();
  const result = await tx.execute<{ invoice_number: string; first_row: number }>(sql`
    select invoice_number, min(row_number)::integer as first_row
    from customer_import_row
    where import_id = ${importId} and invoice_number = any(${pgArray(numbers)}::text[])
    group by invoice_number`);
  return new Map(result.rows.map((r) => [r.invoice_number, r.first_row]));
}

/** Existing customers by `csv:` ref and by each name (case-insensitively: index customer_org_lower_name_idx). */
export async function lookupCustomers(tx: Tx, orgId: string, refs: string[], names: string[]): Promise<CustomerLookup> {
  const byRef = new Map<string, ExistingCustomer>();
  const byName = new Map<string, ExistingCustomer[]>();
  type Row = { id: string; name: string; currency: string; external_ref: string | null };
  if (refs.length > 0) {
    const found = await tx.execute<Row>(sql`
      select id, name, currency, external_ref from customer
      where org_id = ${orgId} and external_ref = any(${pgArray(refs)}::text[])`);
    for (const r of found.rows) if (r.external_ref) byRef.set(r.external_ref, toExisting(r));
  }
  if (names.length > 0) {
    // PostgreSQL's lower() on both sides, so the match is exactly what the index serves.
    const keys = await tx.execute<{ input: string; key: string }>(sql`select x as input, lower(x) as key from unnest(${pgArray(names)}::text[]) as x`);
    const found = await tx.execute<Row & { key: string }>(sql`
      select id, name, currency, external_ref, lower(name) as key from customer
      where org_id = ${orgId} and lower(name) = any(${pgArray(unique(keys.rows.map((k) => k.key)))}::text[])
      order by created_at, id`);
    const byKey = new Map<string, ExistingCustomer[]>();
    for (const r of found.rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), toExisting(r)]);
    for (const { input, key } of keys.rows) byName.set(input, byKey.get(key) ?? []);
  }
  return { byRef, byName };
}

function toExisting(r: { id: string; name: string; currency: string; external_ref: string | null }): ExistingCustomer {
  return { id: r.id, name: r.name, currency: r.currency, externalRef: r.external_ref };
}

/** Existing invoices with these numbers (index invoice_org_number_uidx), with their customer's name. */
export async function lookupInvoices(tx: Tx, orgId: string, numbers: string[]): Promise<Map<string, ExistingInvoice>> {
  if (numbers.length === 0) return new Map();
  const found = await tx.execute<{
    id: string; customer_id: string; number: string; currency: string; amount_due: number; amount_paid: number;
    amount_remaining: number; status: InvoiceStatus; issued_on: string; due_date: string; payment_url: string | null;
    external_id: string | null; source: DataSource;
  }>(sql`
    select id, customer_id, number, currency, amount_due, amount_paid, amount_remaining, status, issued_on, due_date, payment_url,
           external_id, source
    from invoice
    where org_id = ${orgId} and number = any(${pgArray(numbers)}::text[])`);
  const owners = unique(found.rows.map((r) => r.customer_id));
  const names = owners.length === 0 ? { rows: [] } : await tx.execute<{ id: string; name: string }>(sql`
    select id, name from customer where org_id = ${orgId} and id = any(${pgArray(owners)}::uuid[])`);
  const nameOf = new Map(names.rows.map((r) => [r.id, r.name]));
  return new Map(
    found.rows.map((r) => [
      r.number,
      {
        id: r.id, customerId: r.customer_id, customerName: nameOf.get(r.customer_id) ?? '', number: r.number, currency: r.currency, amountDue: r.amount_due,
        amountPaid: r.amount_paid, amountRemaining: r.amount_remaining, status: r.status, issuedOn: r.issued_on, dueDate: r.due_date,
        paymentUrl: r.payment_url, externalId: r.external_id, source: r.source,
      },
    ]),
  );
}

/** Which CSV invoice (by number) already carries each of these external ids (index invoice_org_source_external_uidx). */
export async function lookupCsvExternalIds(tx: Tx, orgId: string, externalIds: string[]): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map();
  const found = await tx.execute<{ external_id: string; number: string }>(sql`
    select external_id, number from invoice
    where org_id = ${orgId} and source = 'csv' and external_id = any(${pgArray(externalIds)}::text[])`);
  return new Map(found.rows.map((r) => [r.external_id, r.number]));
}

export async function insertCustomers(tx: Tx, orgId: string, customers: NewCustomer[]): Promise<void> {
  if (customers.length === 0) return;
  await tx.execute(sql`
    insert into customer (id, org_id, name, currency, external_ref)
    select x.id, ${orgId}::uuid, x.name, x.currency, x.external_ref
    from unnest(${pgArray(customers.map((c) => c.id))}::uuid[], ${pgArray(customers.map((c) => c.name))}::text[],
                ${pgArray(customers.map((c) => c.currency))}::text[], ${pgArray(customers.map((c) => c.externalRef))}::text[])
      as x(id, name, currency, external_ref)`);
}

/** Record the file's customer id on customers matched by name that had none. */
export async function setCustomerRefs(tx: Tx, orgId: string, refs: Map<string, string>): Promise<void> {
  if (refs.size === 0) return;
  await tx.execute(sql`
    with m as (select ${JSON.stringify(Object.fromEntries(refs))}::jsonb as refs)
    update customer c set external_ref = m.refs ->> c.id::text, updated_at = now()
    from m
    where c.org_id = ${orgId} and c.id = any(${pgArray([...refs.keys()])}::uuid[]) and c.external_ref is null`);
}

/** A primary contact for customers that have none; one a person entered is never touched (contact_one_primary_uidx). */
export async function insertPrimaryContacts(tx: Tx, orgId: string, emails: Map<string, string>): Promise<void> {
  if (emails.size === 0) return;
  await tx.execute(sql`
    insert into contact (org_id, customer_id, email, role)
    select ${orgId}::uuid, x.customer_id, x.email, 'primary'::contact_role
    from unnest(${pgArray([...emails.keys()])}::uuid[], ${pgArray([...emails.values()])}::text[]) as x(customer_id, email)
    on conflict do nothing`);
}

export async function insertInvoices(tx: Tx, orgId: string, values: ImportInvoiceValues[]): Promise<void> {
  if (values.length === 0) return;
  await tx.execute(sql`
    insert into invoice (org_id, customer_id, number, currency, amount_due, amount_paid, amount_remaining, status, issued_on, due_date,
                         payment_url, external_id, source)
    select ${orgId}::uuid, x.customer_id, x.number, x.currency, x.amount_due, x.amount_paid, x.amount_remaining, x.status, x.issued_on, x.due_date,
           x.payment_url, x.external_id, 'csv'::data_source
    from unnest(${pgArray(values.map((v) => v.customerId))}::uuid[], ${pgArray(values.map((v) => v.number))}::text[],
         ${pgArray(values.map((v) => v.currency))}::text[], ${pgArray(values.map((v) => v.amountDue))}::bigint[],
         ${pgArray(values.map((v) => v.amountPaid))}::bigint[], ${pgArray(values.map((v) => v.amountRemaining))}::bigint[],
         ${pgArray(values.map((v) => v.status))}::invoice_status[], ${pgArray(values.map((v) => v.issuedOn))}::date[],
         ${pgArray(values.map((v) => v.dueDate))}::date[], ${pgArray(values.map((v) => v.paymentUrl))}::text[],
         ${pgArray(values.map((v) => v.externalId))}::text[])
      as x(customer_id, number, currency, amount_due, amount_paid, amount_remaining, status, issued_on, due_date, payment_url, external_id)`);
}

/** Update invoices by number; the planner sends only those with a value that differs. */
export async function updateInvoices(tx: Tx, orgId: string, values: ImportInvoiceValues[]): Promise<void> {
  if (values.length === 0) return;
  const byNumber = Object.fromEntries(
    values.map((v) => [
      v.number,
      {
        currency: v.currency, amount_due: v.amountDue, amount_paid: v.amountPaid, amount_remaining: v.amountRemaining, status: v.status,
        issued_on: v.issuedOn, due_date: v.dueDate, payment_url: v.paymentUrl, external_id: v.externalId,
      },
    ]),
  );
  await tx.execute(sql`
    with m as (select ${JSON.stringify(byNumber)}::jsonb as invoices)
    update invoice i
    set (currency, amount_due, amount_paid, amount_remaining, status, issued_on, due_date, payment_url, external_id) = (
          select x.currency, x.amount_due, x.amount_paid, x.amount_remaining, x.status, x.issued_on, x.due_date, x.payment_url, x.external_id
          from jsonb_to_record(m.invoices -> i.number) as x(currency text, amount_due bigint, amount_paid bigint, amount_remaining bigint,
            status invoice_status, issued_on date, due_date date, payment_url text, external_id text)),
        updated_at = now()
    from m
    where i.org_id = ${orgId} and i.number = any(${pgArray(values.map((v) => v.number))}::text[])`);
}

/** What the job decided for each row: the invoice number it carried and why it was refused, if it was. */
export async function recordRowOutcomes(
  tx: Tx,
  importId: string,
  outcomes: { row: number; invoiceNumber: string | null; rejection: string | null }[],
): Promise<void> {
  const written = outcomes.filter((o) => o.invoiceNumber !== null || o.rejection !== null);
  if (written.length === 0) return;
  const byRow = Object.fromEntries(written.map((o) => [o.row, { n: o.invoiceNumber, r: o.rejection }]));
  const rows = written.map((o) => o.row);
  await tx.execute(sql`
    with m as (select ${JSON.stringify(byRow)}::jsonb as outcomes)
    update customer_import_row r
    set invoice_number = m.outcomes -> r.row_number::text ->> 'n', rejection = m.outcomes -> r.row_number::text ->> 'r'
    from m
    where r.import_id = ${importId} and r.row_number between ${Math.min(...rows)} and ${Math.max(...rows)}
      and r.row_number = any(${pgArray(rows)}::int[])`);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * Refresh the planner's statistics of the tables an import fills. An import adds rows far faster
 * than autovacuum re-analyzes (up to a minute behind): with statistics from when the tables were
 * nearly empty the planner walks a whole organisation's invoices for a batch of 50 customers.
 * Runs as the connection's user (the tables' owner; a non-owner's ANALYZE only warns), outside
 * any organisation's transaction: statistics are per table, not per tenant.
 */
export async function analyzeImportTables(deps: { db: Db; log: { error(message: string, error?: unknown): void } }): Promise<void> {
  try {
    await deps.db.execute(sql`analyze customer_import_row, customer, contact, invoice`);
  } catch (error) {
    // Only slower without it: never a reason to stop an import.
    deps.log.error('analyze before importing failed', error);
  }
}

/** The organisation's workflows by lower-cased name, for the import's Workflow column. */
export async function lookupWorkflowsByName(tx: Tx, orgId: string, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const result = await tx.execute(sql`
    select lower(name) as key, id from workflow
    where org_id = ${orgId} and lower(name) = any(${pgArray(names.map((n) => n.toLowerCase()))}::text[])`);
  return new Map((result.rows as { key: string; id: string }[]).map((r) => [r.key, r.id]));
}

/** Point customers at the workflow their rows name; returns the audit entries of those that changed. */
export async function setCustomerWorkflows(tx: Tx, orgId: string, workflows: Map<string, string>): Promise<AuditEntry[]> {
  if (workflows.size === 0) return [];
  const result = await tx.execute(sql`
    with x as (select * from unnest(${pgArray([...workflows.keys()])}::uuid[], ${pgArray([...workflows.values()])}::uuid[]) as x(customer_id, workflow_id)),
    old as (select c.id, c.workflow_id from customer c join x on x.customer_id = c.id where c.org_id = ${orgId} and c.workflow_id is distinct from x.workflow_id)
    update customer c set workflow_id = x.workflow_id, updated_at = now()
    from x, old where c.id = x.customer_id and old.id = c.id and c.org_id = ${orgId}
    returning c.id, old.workflow_id as before, c.workflow_id as after`);
  return (result.rows as { id: string; before: string | null; after: string }[]).map((r) => ({
    action: 'customer.update',
    entity: 'customer',
    entityId: r.id,
    customerId: r.id,
    before: { workflow_id: r.before },
    after: { workflow_id: r.after },
  }));
}
