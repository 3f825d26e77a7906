import { currencyExponent, DATE_MAX, DATE_MIN, toMinorUnits } from '@receivables/contracts';

import { readAmount } from '../../lib/amount-input';
import { isRequestError } from '../../lib/request-error';

/** The fields of the add and edit invoice dialogs, by the names the API gives them (decision 0042). */
export type InvoiceField = 'number' | 'amount_due' | 'issued_on' | 'due_date' | 'payment_url';
const FIELDS: readonly string[] = ['number', 'amount_due', 'issued_on', 'due_date', 'payment_url'] satisfies InvoiceField[];
const isInvoiceField = (field: string): field is InvoiceField => FIELDS.includes(field);
export type InvoiceFieldErrors = Partial<Record<InvoiceField, string>>;

/** What a person typed: the days already read from the pickers ('' when none or half-typed). */
export interface InvoiceDraft {
  number: string;
  amount: string;
  issuedOn: string;
  dueDate: string;
  paymentUrl: string;
}

export interface CheckedInvoice {
  number: string;
  amount_due: number;
  issued_on: string;
  due_date: string;
  /** Null when the field is empty: no link. */
  payment_url: string | null;
}

const isDay = (day: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= DATE_MIN && day <= DATE_MAX;

function isWebLink(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The draft as the API takes it, or what is wrong with each field in words. The server checks the
 * same and more (a number already used, an amount below what was paid): its reasons land on the
 * same fields (invoiceErrorsFrom).
 */
export function checkInvoiceDraft(draft: InvoiceDraft, currency: string): { errors: InvoiceFieldErrors; invoice: CheckedInvoice | null } {
  const errors: InvoiceFieldErrors = {};
  const number = draft.number.trim();
  const major = readAmount(draft.amount, currency);
  const link = draft.paymentUrl.trim();
  if (number === '') errors.number = 'Enter the invoice number';
  // Zero is refused too: an invoice for nothing has nothing to chase.
  if (major === null || major <= 0) errors.amount_due = currencyExponent(currency) > 0 ? 'Enter an amount such as 250 or 1,250.50' : 'Enter a whole amount such as 1500';
  if (!isDay(draft.issuedOn)) errors.issued_on = 'Enter the day the invoice was issued';
  if (!isDay(draft.dueDate)) errors.due_date = 'Enter the day it is due';
  else if (isDay(draft.issuedOn) && draft.dueDate < draft.issuedOn) errors.due_date = 'The due date cannot be before the invoice was issued';
  if (link !== '' && !isWebLink(link)) errors.payment_url = 'Enter a web address starting https://';
  if (Object.keys(errors).length > 0 || major === null) return { errors, invoice: null };
  return {
    errors,
    invoice: { number, amount_due: toMinorUnits(major, currency), issued_on: draft.issuedOn, due_date: draft.dueDate, payment_url: link === '' ? null : link },
  };
}

/**
 * A refused write's reasons on the fields they name, and what is left for the form's own alert
 * (null when every reason found its field).
 */
export function invoiceErrorsFrom(error: unknown): { errors: InvoiceFieldErrors; formError: string | null } {
  if (!isRequestError(error)) return { errors: {}, formError: 'Something went wrong. Please try again.' };
  const errors: InvoiceFieldErrors = {};
  for (const issue of error.details) {
    if (isInvoiceField(issue.field)) errors[issue.field] = issue.reason;
  }
  const placed = Object.keys(errors).length;
  return { errors, formError: placed > 0 && placed === error.details.length ? null : error.message };
}
