import { randomUUID } from 'node:crypto';

import { describeProblems, type ImportedRow, type ImportMapping, type ImportReadOptions, readImportRow } from '@receivables/contracts';

import type { Tx } from '../../db/client';
import { refreshCustomerFigures } from '../customers/refresh-customer-figures';
import { reconcileCustomers } from '../scheduling/reconcile-customers';

import {
  findEarlierNumbers,
  insertCustomers,
  insertInvoices,
  insertPrimaryContacts,
  lookupCsvExternalIds,
  lookupCustomers,
  lookupInvoices,
  lookupWorkflowsByName,
  setCustomerRefs,
  setCustomerWorkflows,
  updateInvoices,
} from './import-batch-queries';
import { type CustomerChoice, CustomerMatcher, csvRef } from './match-import-customers';
import { type InvoicePlan, InvoicePlanner } from './plan-import-invoices';

export interface BatchContext {
  orgId: string;
  importId: string;
  /** Who started the import. */
  actorId: string | null;
  headers: string[];
  mapping: ImportMapping;
  options: ImportReadOptions;
}

export interface BatchOutcome {
  rows: { row: number; invoiceNumber: string | null; rejection: string | null }[];
  customersCreated: number;
  invoicesCreated: number;
  invoicesUpdated: number;
  invoicesUnchanged: number;
}

interface RowState {
  row: number;
  invoiceNumber: string | null;
  problems: string[];
  data?: ImportedRow;
  customer?: CustomerChoice;
  plan?: InvoicePlan;
}
/** A row read without problems so far. */
type LiveRow = RowState & { data: ImportedRow };

/**
 * Import one batch of rows in file order, inside the caller's transaction: read each row with the
 * contracts' readImportRow (the same reading the mapping screen previews), refuse repeats of an
 * invoice number, match or create customers, then insert or update invoices — all set-based.
 */
export async function importBatch(tx: Tx, ctx: BatchContext, batch: { row: number; cells: string[] }[]): Promise<BatchOutcome> {
  const states = batch.map((r) => readRow(ctx, r));
  await refuseRepeatedNumbers(tx, ctx, states);

  const live = () => states.filter((s): s is LiveRow => s.problems.length === 0 && s.data !== undefined);
  const workflows = await refuseUnknownWorkflows(tx, ctx.orgId, live());
  const parsed = live();
  const lookup = await lookupCustomers(
    tx,
    ctx.orgId,
    unique(parsed.flatMap((s) => (s.data.customer.ref === null ? [] : [csvRef(s.data.customer.ref)]))),
    unique(parsed.map((s) => s.data.customer.name)),
  );
  const matcher = new CustomerMatcher(lookup, randomUUID);
  for (const s of parsed) {
    const match = matcher.match(s.data.customer, s.data.invoice.currency);
    if (!match.ok) s.problems.push(match.reason);
    else if (match.choice.currency !== s.data.invoice.currency) s.problems.push(`The customer's invoices are in ${match.choice.currency}`);
    else s.customer = match.choice;
  }

  const matched = live();
  const planner = new InvoicePlanner(
    await lookupInvoices(tx, ctx.orgId, unique(matched.map((s) => s.data.invoice.number))),
    await lookupCsvExternalIds(tx, ctx.orgId, unique(matched.flatMap((s) => s.data.invoice.externalId ?? []))),
  );
  for (const s of matched) {
    if (!s.customer) continue;
    s.plan = planner.plan(s.row, s.data.invoice, s.customer.customerId);
    if (s.plan.kind === 'reject') s.problems.push(s.plan.reason);
  }

  const imported = live().filter((s) => s.customer !== undefined && s.plan !== undefined);
  const createdIds = new Set(imported.flatMap((s) => (s.customer?.isNew ? [s.customer.customerId] : [])));
  await insertCustomers(tx, ctx.orgId, [...matcher.created.values()].filter((c) => createdIds.has(c.id)));
  await setCustomerRefs(tx, ctx.orgId, firstPerCustomer(imported, (s) => s.customer?.setRef ?? null));
  await insertPrimaryContacts(tx, ctx.orgId, firstPerCustomer(imported, (s) => s.data.customer.email));
  const workflowOf = (s: LiveRow) => workflows.get(s.data.customer.workflow?.toLowerCase() ?? '') ?? null;
  const workflowChanges = await setCustomerWorkflows(tx, ctx.orgId, firstPerCustomer(imported, workflowOf));

  const inserts = imported.flatMap((s) => (s.plan?.kind === 'insert' ? [s.plan.values] : []));
  const updates = imported.flatMap((s) => (s.plan?.kind === 'update' ? [s.plan] : []));
  await insertInvoices(tx, ctx.orgId, inserts);
  await updateInvoices(tx, ctx.orgId, updates.map((u) => u.values));
  // No audit entry per row: the import records one, with its counts, when it ends (decision 0041).
  const touched = unique([...inserts, ...updates.map((u) => u.values)].map((v) => v.customerId));
  if (touched.length > 0) await refreshCustomerFigures(tx, ctx.orgId, { customerIds: touched });
  // Their chasing follows their new figures and workflows in the same transaction (decision 0018).
  await reconcileCustomers(tx, ctx.orgId, unique([...touched, ...workflowChanges.map((e) => e.entityId)]), new Date());

  return {
    rows: states.map((s) => ({ row: s.row, invoiceNumber: s.invoiceNumber, rejection: s.problems.length > 0 ? s.problems.join('; ') : null })),
    customersCreated: createdIds.size,
    invoicesCreated: inserts.length,
    invoicesUpdated: updates.length,
    invoicesUnchanged: imported.filter((s) => s.plan?.kind === 'unchanged').length,
  };
}

/** One stored row read as the import reads it: its invoice number and any problems so far. */
export function readRow(ctx: Pick<BatchContext, 'headers' | 'mapping' | 'options'>, r: { row: number; cells: string[] }): RowState {
  const column = ctx.mapping.invoice_number;
  const state: RowState = { row: r.row, invoiceNumber: (column === undefined ? '' : (r.cells[column] ?? '').trim()) || null, problems: [] };
  if (r.cells.length > ctx.headers.length) {
    state.problems.push(`The row has ${r.cells.length} cells but the header has ${ctx.headers.length}`);
    return state;
  }
  const read = readImportRow(r.cells, ctx.mapping, ctx.options);
  if (read.ok) state.data = read.row;
  else state.problems.push(describeProblems(read.problems));
  return state;
}

/**
 * A row naming a workflow the organisation does not have is refused with that reason (the import
 * goes on); names match ignoring case. Returns the workflows found, by lower-cased name.
 */
async function refuseUnknownWorkflows(tx: Tx, orgId: string, rows: LiveRow[]): Promise<Map<string, string>> {
  const named = unique(rows.flatMap((s) => (s.data.customer.workflow === null ? [] : [s.data.customer.workflow])));
  const found = await lookupWorkflowsByName(tx, orgId, named);
  for (const s of rows) {
    const name = s.data.customer.workflow;
    if (name !== null && !found.has(name.toLowerCase())) s.problems.push(`Workflow: there is no workflow named “${name}”`);
  }
  return found;
}

/** The same invoice twice in one file: every later row naming it is refused, pointing at the first. */
async function refuseRepeatedNumbers(tx: Tx, ctx: BatchContext, states: RowState[]): Promise<void> {
  const numbers = unique(states.flatMap((s) => (s.invoiceNumber === null ? [] : [s.invoiceNumber])));
  const firstRow = await findEarlierNumbers(tx, ctx.importId, numbers);
  for (const s of states) {
    if (s.invoiceNumber === null) continue;
    const first = firstRow.get(s.invoiceNumber);
    if (first === undefined) firstRow.set(s.invoiceNumber, s.row);
    else s.problems.unshift(`${s.invoiceNumber} is also on row ${first}`);
  }
}

/** Per customer, the first non-null value its imported rows give (a contact email, a ref to record). */
function firstPerCustomer(rows: LiveRow[], value: (s: LiveRow) => string | null): Map<string, string> {
  const result = new Map<string, string>();
  for (const s of rows) {
    const v = value(s);
    if (s.customer && v !== null && !result.has(s.customer.customerId)) result.set(s.customer.customerId, v);
  }
  return result;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
