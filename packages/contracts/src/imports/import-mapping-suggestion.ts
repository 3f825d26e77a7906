import { type ImportField, importFieldSchema, type ImportMapping } from './import-fields';

/**
 * Header names that mean a field, normalised (lower case, letters and digits only, without
 * Xero's `*` and a trailing "utc"), each with how sure the match is. The same name can mean
 * different things in different tools — Xero's "AmountDue" is what is left to pay, Stripe's
 * "Amount Due" is the total beside an "Amount Remaining" — so a name can score for two fields
 * and the surer match wins.
 */
const SYNONYMS: Record<ImportField, Record<string, number>> = {
  customer_name: {
    customername: 3, contactname: 3, clientname: 3, accountname: 2, company: 2, companyname: 3, name: 2, customer: 1,
    client: 1, contact: 1, billto: 1,
  },
  customer_ref: {
    customerid: 3, customerref: 3, customerreference: 3, customerno: 3, customernumber: 3, accountnumber: 2,
    accountcode: 2, contactid: 2, clientid: 3, customer: 1,
  },
  contact_email: { customeremail: 3, emailaddress: 3, email: 3, contactemail: 3, billingemail: 3, emailaddresses: 2 },
  currency: { currency: 3, currencycode: 3, ccy: 2 },
  invoice_number: {
    invoicenumber: 3, invoiceno: 3, invoicenum: 3, invoice: 2, number: 2, num: 2, no: 1, docnumber: 2,
    documentnumber: 2,
  },
  invoice_external_id: { invoiceid: 3, id: 2, transactionid: 2 },
  issued_on: { invoicedate: 3, issuedate: 3, issuedon: 3, dateissued: 3, date: 2, created: 1, createddate: 1, transactiondate: 2 },
  due_date: { duedate: 3, due: 2, paymentdue: 2, datedue: 3 },
  amount_total: { total: 3, invoicetotal: 3, invoiceamount: 3, totalamount: 3, grossamount: 2, amount: 2, amountdue: 2, gross: 1 },
  amount_paid: { amountpaid: 3, paid: 2, paidamount: 3, paymentsreceived: 2, totalpaid: 3 },
  amount_remaining: {
    amountremaining: 3, openbalance: 3, balance: 3, balancedue: 3, outstanding: 3, amountoutstanding: 3, remaining: 3,
    amountdue: 1,
  },
  status: { status: 3, invoicestatus: 3, state: 1 },
  payment_url: { hostedinvoiceurl: 3, paymentlink: 3, paymenturl: 3, paylink: 3, invoiceurl: 2, link: 1, url: 1 },
  workflow: { workflow: 3, workflowname: 3, chasingworkflow: 3, dunningworkflow: 3 },
};

/** `*Due Date (UTC)` → `duedate`. */
export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/\(utc\)|\butc\b/gu, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * A mapping suggested from the header row alone: every (field, column) pair with a known name is
 * ranked by score, then taken best first so that each field and each column is used at most
 * once (ties go to the field listed first, then to the leftmost column).
 */
export function suggestImportMapping(headers: readonly string[]): ImportMapping {
  const candidates: { field: ImportField; column: number; score: number; order: number }[] = [];
  const names = headers.map(normaliseHeader);
  importFieldSchema.options.forEach((field, order) => {
    const synonyms = Object.fromEntries(Object.entries(SYNONYMS[field]).map(([k, v]) => [k.toLowerCase(), v]));
    names.forEach((name, column) => {
      const score = synonyms[name];
      if (score !== undefined && score > 0) candidates.push({ field, column, score, order });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order || a.column - b.column);
  const mapping: ImportMapping = {};
  const usedColumns = new Set<number>();
  for (const { field, column } of candidates) {
    if (mapping[field] !== undefined || usedColumns.has(column)) continue;
    mapping[field] = column;
    usedColumns.add(column);
  }
  return mapping;
}
