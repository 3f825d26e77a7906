import { currencyInputSchema } from '../common/dates';
import { isEmailAddress } from '../common/email';
import type { InvoiceStatus } from '../invoices/invoice';

import { type DateOrder, IMPORT_FIELDS, type ImportField, type ImportMapping } from './import-fields';
import { parseAmount, parseDate, parseStatus } from './import-values';

/** How to read rows beyond the mapping: the currency of rows without one, and the date order. */
export interface ImportReadOptions {
  defaultCurrency: string;
  dateOrder: DateOrder;
}

/** One row of the file as a customer and one of its invoices; amounts in minor units. */
export interface ImportedRow {
  /** `workflow` is the name of one of the organisation's workflows (checked by the import job), or null. */
  customer: { name: string; ref: string | null; email: string | null; workflow: string | null };
  invoice: {
    number: string;
    externalId: string | null;
    currency: string;
    issuedOn: string;
    dueDate: string;
    amountDue: number;
    amountPaid: number;
    amountRemaining: number;
    status: InvoiceStatus;
    paymentUrl: string | null;
  };
}

export interface ImportRowProblem {
  field: ImportField;
  reason: string;
}

export type ImportRowResult = { ok: true; row: ImportedRow } | { ok: false; problems: ImportRowProblem[] };

/** The problems as one sentence for a person: "Due date: “31/13/2026” is not a date; …". */
export function describeProblems(problems: readonly ImportRowProblem[]): string {
  return problems.map((p) => `${IMPORT_FIELDS[p.field].label}: ${p.reason}`).join('; ');
}

/** Labels longest first, so "Invoice number" is tried before any shorter label it starts with. */
const LABELS_LONGEST_FIRST = (Object.keys(IMPORT_FIELDS) as ImportField[]).sort(
  (a, b) => IMPORT_FIELDS[b].label.length - IMPORT_FIELDS[a].label.length,
);

/**
 * The fields a refusal reason is about, in the order it names them: each clause of
 * {@link describeProblems} starts with a field's label ("Due date: …"), as do the import's own
 * reasons about a field ("Invoice ID 7 is also on row 3"). Lets a screen show the cell at fault.
 */
export function importFieldsNamedIn(reason: string): ImportField[] {
  const fields = reason.split('; ').flatMap((clause) => {
    const field = LABELS_LONGEST_FIRST.find((f) => {
      const label = IMPORT_FIELDS[f].label;
      return clause.startsWith(`${label}:`) || clause.startsWith(`${label} `);
    });
    return field ? [field] : [];
  });
  return [...new Set(fields)];
}

const TEXT_LIMITS: Partial<Record<ImportField, number>> = {
  customer_name: 200,
  customer_ref: 200,
  invoice_number: 100,
  invoice_external_id: 200,
  payment_url: 2000,
  workflow: 120,
};

/**
 * Read one data row of an import with its column mapping: the single place that decides what a
 * row means, shared by the mapping screen's preview and the import job, so the preview never
 * promises what the import then refuses.
 */
export function readImportRow(cells: readonly string[], mapping: ImportMapping, options: ImportReadOptions): ImportRowResult {
  const problems: ImportRowProblem[] = [];
  const problem = (field: ImportField, reason: string) => {
    problems.push({ field, reason });
  };
  const cell = (field: ImportField): string | null => {
    const index = mapping[field];
    if (index === undefined) return null;
    const value = (cells[index] ?? '').trim();
    if (value === '') return null;
    const limit = TEXT_LIMITS[field];
    if (limit !== undefined && value.length > limit) {
      problem(field, `is longer than ${limit} characters`);
      return null;
    }
    return value;
  };
  const required = (field: ImportField): string | null => {
    const value = cell(field);
    if (value === null && !problems.some((p) => p.field === field)) problem(field, 'is empty');
    return value;
  };

  const name = required('customer_name');
  const ref = cell('customer_ref');
  const email = cell('contact_email');
  const workflow = cell('workflow');
  if (email !== null && !isEmailAddress(email)) problem('contact_email', `“${email}” is not an email address`);
  const number = required('invoice_number');
  const externalId = cell('invoice_external_id');
  const paymentUrl = cell('payment_url');
  if (paymentUrl !== null && !/^https?:\/\/[^\s]+$/iu.test(paymentUrl)) problem('payment_url', `“${paymentUrl}” is not an http or https link`);

  const currencyCell = cell('currency');
  const currencyParsed = currencyInputSchema.safeParse(currencyCell ?? options.defaultCurrency);
  if (!currencyParsed.success) problem('currency', `“${currencyCell ?? options.defaultCurrency}” is not a currency code such as GBP`);
  const currency = currencyParsed.success ? currencyParsed.data : options.defaultCurrency;

  const date = (field: ImportField, text: string | null): string | null => {
    if (text === null) return null;
    const parsed = parseDate(text, options.dateOrder);
    if (!parsed.ok) problem(field, parsed.reason);
    return parsed.ok ? parsed.value : null;
  };
  const dueDate = date('due_date', required('due_date'));
  const issuedOn = date('issued_on', cell('issued_on')) ?? dueDate;
  if (dueDate && issuedOn && dueDate < issuedOn) problem('due_date', `${dueDate} is before the invoice date ${issuedOn}`);

  const amount = (field: ImportField): number | null => {
    const text = cell(field);
    if (text === null || !currencyParsed.success) return null;
    const parsed = parseAmount(text, currency);
    if (!parsed.ok) problem(field, parsed.reason);
    return parsed.ok ? parsed.value : null;
  };
  const total = amount('amount_total');
  const paid = amount('amount_paid');
  const remaining = amount('amount_remaining');
  const statusCell = cell('status');
  const statusParsed = statusCell === null ? null : parseStatus(statusCell);
  if (statusParsed && !statusParsed.ok) problem('status', statusParsed.reason);
  const stated = statusParsed?.ok ? statusParsed.value : null;

  // Amounts are read in the row's currency: without one (or with a bad amount) there is nothing to settle.
  const money = problems.some((p) => p.field.startsWith('amount_') || p.field === 'currency')
    ? null
    : settleAmounts({ total, paid, remaining, stated }, problem);
  if (problems.length > 0 || !money || name === null || number === null || dueDate === null || issuedOn === null) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    row: {
      customer: { name, ref, email, workflow },
      invoice: { number, externalId, currency, issuedOn, dueDate, paymentUrl, ...money },
    },
  };
}

interface StatedAmounts {
  total: number | null;
  paid: number | null;
  remaining: number | null;
  stated: InvoiceStatus | null;
}

/**
 * Total, paid and outstanding from whichever of them the file gives (each tool exports a different
 * pair), checked against each other; the status follows the money unless the file states it.
 */
function settleAmounts(
  { total, paid, remaining, stated }: StatedAmounts,
  problem: (field: ImportField, reason: string) => void,
): { amountDue: number; amountPaid: number; amountRemaining: number; status: InvoiceStatus } | null {
  if (total === null && remaining === null) {
    problem('amount_total', 'is empty, and so is the amount outstanding');
    return null;
  }
  let amountDue: number;
  let amountPaid: number;
  let amountRemaining: number;
  if (total !== null) {
    amountDue = total;
    if (remaining !== null) {
      if (remaining > total) {
        problem('amount_remaining', 'is more than the invoice total');
        return null;
      }
      if (paid !== null && paid + remaining !== total) {
        problem('amount_paid', 'plus the amount outstanding is not the invoice total');
        return null;
      }
      amountRemaining = remaining;
      amountPaid = total - remaining;
    } else {
      if (paid !== null && paid > total) {
        problem('amount_paid', 'is more than the invoice total');
        return null;
      }
      amountPaid = stated === 'paid' && paid === null ? total : (paid ?? 0);
      amountRemaining = total - amountPaid;
    }
  } else {
    amountRemaining = remaining ?? 0;
    amountPaid = paid ?? 0;
    amountDue = amountRemaining + amountPaid;
  }

  if (stated === 'paid' && amountRemaining > 0) {
    problem('status', 'is Paid, but part of the invoice is still outstanding');
    return null;
  }
  if (stated === 'void' || stated === 'uncollectible') return { amountDue, amountPaid, amountRemaining: 0, status: stated };
  const status: InvoiceStatus = stated ?? (amountRemaining === 0 && amountDue > 0 ? 'paid' : 'open');
  return { amountDue, amountPaid, amountRemaining, status: status === 'open' && amountRemaining === 0 && amountDue > 0 ? 'paid' : status };
}
