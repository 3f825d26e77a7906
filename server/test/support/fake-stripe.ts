import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints the app reads (decision 0022), speaking their wire
 * format: lists newest first with `limit`, `starting_after` and `has_more`, the `status`,
 * `created[gte]`, `invoice` and `payment[payment_intent]` filters, single objects by id (a deleted
 * customer as Stripe's `deleted: true` stub, left out of lists), the Stripe-Account header choosing the connected
 * account, Stripe's error bodies. The real `stripe` SDK is pointed at it through STRIPE_API_BASE.
 * Tests change its state between calls and read the requests it saw.
 */

export interface FakeAccount {
  customers: Stripe.Customer[];
  invoices: Stripe.Invoice[];
  invoicePayments: Stripe.InvoicePayment[];
  paymentIntents: Stripe.PaymentIntent[];
  creditNotes: Stripe.CreditNote[];
  charges: Stripe.Charge[];
}

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  account: string | undefined;
}

export interface FakeStripe {
  url: string;
  accounts: Map<string, FakeAccount>;
  requests: SeenRequest[];
  /** The next `count` requests whose path starts with `pathPrefix` are answered 429 with Retry-After. */
  rateLimitNext(pathPrefix: string, options?: { count?: number; retryAfterSeconds?: number }): void;
  /** Requests whose path starts with `pathPrefix` fail with a 500 after `after` more succeed, `count` times. */
  failAfter(pathPrefix: string, after: number, count: number): void;
  /** The request whose path starts with `pathPrefix` after `skip` more is answered only once `run` has finished (a person acting mid-sync). */
  holdRequest(pathPrefix: string, skip: number, run: () => Promise<void>): void;
  account(id: string): FakeAccount;
  stop(): Promise<void>;
}

export const API_KEY = 'sk_test_fake_app_key';

export interface FakeStripeOptions {
  /**
   * Serve Stripe's install page: `GET /oauth/v2/authorize?redirect_uri&state` installs the app on a
   * new account (filled by `onInstall`) and sends the browser back, signed with this app secret.
   */
  install?: { appSecret: string; onInstall: (accountId: string, account: FakeAccount) => void };
}

let installs = 0;

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const accounts = new Map<string, FakeAccount>();
  const requests: SeenRequest[] = [];
  const rateLimits: { prefix: string; left: number; retryAfter: number }[] = [];
  const failures: { prefix: string; skip: number; left: number }[] = [];
  const holds: { prefix: string; skip: number; run: () => Promise<void> }[] = [];
  const account = (id: string): FakeAccount => {
    let a = accounts.get(id);
    if (!a) {
      a = { customers: [], invoices: [], invoicePayments: [], paymentIntents: [], creditNotes: [], charges: [] };
      accounts.set(id, a);
    }
    return a;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const hold = holds.find((h) => url.pathname.startsWith(h.prefix));
    if (hold && hold.skip-- === 0) {
      holds.splice(holds.indexOf(hold), 1);
      void hold.run().then(() => answer(req, res, url));
      return;
    }
    answer(req, res, url);
  });
  const answer = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    const seen: SeenRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, account: header(req, 'stripe-account') };
    requests.push(seen);
    if (url.pathname === '/oauth/v2/authorize' && options.install) return installPage(url, res, options.install, account);
    if (header(req, 'authorization') !== `Bearer ${API_KEY}`) return error(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    const limited = rateLimits.find((r) => url.pathname.startsWith(r.prefix) && r.left > 0);
    if (limited) {
      limited.left -= 1;
      res.setHeader('Retry-After', String(limited.retryAfter));
      return error(res, 429, 'invalid_request_error', 'Request rate limit exceeded.', 'rate_limit');
    }
    const failing = failures.find((f) => url.pathname.startsWith(f.prefix) && (f.skip > 0 || f.left > 0));
    if (failing) {
      if (failing.skip > 0) failing.skip -= 1;
      else {
        failing.left -= 1;
        res.setHeader('Stripe-Should-Retry', 'false');
        return error(res, 500, 'api_error', 'An unknown error occurred');
      }
    }
    if (!seen.account) return error(res, 403, 'invalid_request_error', 'This app reads connected accounts only');
    const data = account(seen.account);
    const route = url.pathname.split('/').filter(Boolean); // ['v1', 'invoices', 'in_…']
    const collections: Record<string, { object: string; rows: () => Listed[] }> = {
      customers: { object: 'customer', rows: () => data.customers },
      invoices: { object: 'invoice', rows: () => data.invoices },
      invoice_payments: { object: 'invoice_payment', rows: () => data.invoicePayments },
      payment_intents: { object: 'payment_intent', rows: () => data.paymentIntents },
      credit_notes: { object: 'credit_note', rows: () => data.creditNotes },
      charges: { object: 'charge', rows: () => data.charges },
    };
    const collection = route[0] === 'v1' && route[1] ? collections[route[1]] : undefined;
    if (req.method !== 'GET' || !collection) return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`);
    if (route[2]) {
      const found = collection.rows().find((r) => r.id === route[2]);
      return found ? json(res, 200, found) : error(res, 404, 'invalid_request_error', `No such ${collection.object}: '${route[2]}'`, 'resource_missing');
    }
    // Stripe lists no deleted customer; it answers a read of one with the stub.
    return json(res, 200, listPage(collection.rows().filter((r) => !r.deleted), url, `/v1/${route[1]}`));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accounts,
    requests,
    account,
    rateLimitNext: (prefix, options = {}) => {
      rateLimits.push({ prefix, left: options.count ?? 1, retryAfter: options.retryAfterSeconds ?? 1 });
    },
    failAfter: (prefix, after, count) => failures.push({ prefix, skip: after, left: count }),
    holdRequest: (prefix, skip, run) => holds.push({ prefix, skip, run }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The install page, already accepted: a new account, and the redirect Stripe makes after an install. */
function installPage(url: URL, res: ServerResponse, install: NonNullable<FakeStripeOptions['install']>, account: (id: string) => FakeAccount): void {
  const redirect = url.searchParams.get('redirect_uri');
  if (!redirect) return error(res, 400, 'invalid_request_error', 'redirect_uri is required');
  installs += 1;
  const accountId = `acct_Install${process.pid}x${installs}`;
  install.onInstall(accountId, account(accountId));
  const back = new URL(redirect);
  const signed = installCallback(install.appSecret, { state: url.searchParams.get('state') ?? '', accountId });
  for (const [name, value] of Object.entries(signed)) back.searchParams.set(name, value);
  back.searchParams.set('livemode', 'false');
  res.writeHead(302, { location: back.toString() });
  res.end();
}

/** What a list filters and orders its objects by. */
interface Listed {
  id: string;
  created: number;
  status?: string | null;
  invoice?: unknown;
  deleted?: unknown;
  payment?: unknown;
}

/** Stripe's list: newest first, the page after `starting_after`, `has_more` when more follow. */
function listPage(all: Listed[], url: URL, path: string) {
  const q = url.searchParams;
  const limit = Math.min(Number(q.get('limit') ?? 10), 100);
  const status = q.get('status');
  const since = q.get('created[gte]');
  const invoice = q.get('invoice');
  const intent = q.get('payment[payment_intent]');
  // Newest first; objects made in the same second keep the reverse of their insertion order.
  let rows = all.map((row, index) => ({ row, index })).sort((a, b) => b.row.created - a.row.created || b.index - a.index).map((x) => x.row);
  if (status) rows = rows.filter((r) => r.status === status);
  if (since) rows = rows.filter((r) => r.created >= Number(since));
  if (invoice) rows = rows.filter((r) => r.invoice === invoice);
  if (intent) rows = rows.filter((r) => (r.payment as { payment_intent?: string } | undefined)?.payment_intent === intent);
  const after = q.get('starting_after');
  if (after) rows = rows.slice(rows.findIndex((r) => r.id === after) + 1);
  const page = rows.slice(0, limit);
  return { object: 'list', url: path, has_more: rows.length > limit, data: page };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Math.random().toString(36).slice(2)}` });
  res.end(JSON.stringify(body));
}

function error(res: ServerResponse, status: number, type: string, message: string, code?: string): void {
  json(res, status, { error: { type, message, ...(code ? { code } : {}) } });
}

// ---- Objects as Stripe shapes them (only the fields the app reads are meaningful) ----

let seq = 0;
const nextId = (prefix: string) => `${prefix}_${(++seq).toString(36).padStart(8, '0')}Fk`;

export function fakeCustomer(fields: {
  id?: string;
  name: string | null;
  email?: string | null;
  currency?: string | null;
  created?: number;
}): Stripe.Customer {
  return {
    id: fields.id ?? nextId('cus'),
    object: 'customer',
    name: fields.name,
    email: fields.email ?? null,
    currency: fields.currency ?? null,
    created: fields.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    metadata: {},
  } as unknown as Stripe.Customer;
}

export function fakeInvoice(fields: {
  id?: string;
  customer: string;
  number: string | null;
  currency?: string;
  amountDue: number;
  amountPaid?: number;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  created: number;
  dueDate?: number | null;
  nextPaymentAttempt?: number | null;
  attemptCount?: number;
  chargedAutomatically?: boolean;
}): Stripe.Invoice {
  const id = fields.id ?? nextId('in');
  const paid = fields.status === 'paid' ? fields.amountDue : (fields.amountPaid ?? 0);
  return {
    id,
    object: 'invoice',
    customer: fields.customer,
    number: fields.number,
    currency: fields.currency ?? 'gbp',
    amount_due: fields.amountDue,
    amount_paid: paid,
    amount_remaining: fields.status === 'open' ? fields.amountDue - paid : 0,
    status: fields.status,
    created: fields.created,
    due_date: fields.dueDate === undefined ? fields.created + 30 * 86_400 : fields.dueDate,
    hosted_invoice_url: fields.status === 'draft' ? null : `https://invoice.stripe.example/i/${id}`,
    status_transitions: { finalized_at: fields.status === 'draft' ? null : fields.created, paid_at: null, voided_at: null, marked_uncollectible_at: null },
    next_payment_attempt: fields.nextPaymentAttempt ?? null,
    attempt_count: fields.attemptCount ?? 0,
    collection_method: fields.chargedAutomatically ? 'charge_automatically' : 'send_invoice',
    livemode: false,
  } as unknown as Stripe.Invoice;
}

export function fakeInvoicePayment(
  invoice: Stripe.Invoice,
  fields: { amount: number; paidAt: number; id?: string },
): Stripe.InvoicePayment {
  return {
    id: fields.id ?? nextId('inpay'),
    object: 'invoice_payment',
    invoice: invoice.id,
    amount_paid: fields.amount,
    amount_requested: fields.amount,
    currency: invoice.currency,
    status: 'paid',
    created: fields.paidAt,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: nextId('pi') },
    status_transitions: { paid_at: fields.paidAt, canceled_at: null },
  } as unknown as Stripe.InvoicePayment;
}

/**
 * A failed try to charge an invoice: an open invoice payment whose PaymentIntent carries the
 * card's decline (Stripe's `last_payment_error`), added to the account.
 */
export function failFakeCharge(
  data: FakeAccount,
  invoice: Stripe.Invoice,
  decline: { code?: string; declineCode?: string; adviceCode?: string; at: number },
): void {
  const intent = {
    id: nextId('pi'),
    object: 'payment_intent',
    amount: invoice.amount_due,
    currency: invoice.currency,
    status: 'requires_payment_method',
    created: decline.at,
    livemode: false,
    last_payment_error: {
      type: 'card_error',
      code: decline.code ?? 'card_declined',
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      ...(decline.adviceCode ? { advice_code: decline.adviceCode } : {}),
      message: 'Your card was declined.',
    },
  } as unknown as Stripe.PaymentIntent;
  data.paymentIntents.push(intent);
  data.invoicePayments.push({
    id: nextId('inpay'),
    object: 'invoice_payment',
    invoice: invoice.id,
    amount_paid: null,
    amount_requested: invoice.amount_due,
    currency: invoice.currency,
    status: 'open',
    created: decline.at,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: intent.id },
    status_transitions: { paid_at: null, canceled_at: null },
  } as unknown as Stripe.InvoicePayment);
}

/**
 * A credit note issued on an invoice, as Stripe issues one: on an open invoice it comes off the
 * amount due (what Stripe reports as owed), and one that clears it leaves the invoice paid.
 */
export function creditFakeInvoice(
  data: FakeAccount,
  invoice: Stripe.Invoice,
  fields: { amount: number; at: number; id?: string },
): Stripe.CreditNote {
  const open = invoice.status === 'open';
  const note = {
    id: fields.id ?? nextId('cn'),
    object: 'credit_note',
    invoice: invoice.id,
    customer: invoice.customer,
    amount: fields.amount,
    total: fields.amount,
    currency: invoice.currency,
    status: 'issued',
    type: open ? 'pre_payment' : 'post_payment',
    pre_payment_amount: open ? fields.amount : 0,
    post_payment_amount: open ? 0 : fields.amount,
    created: fields.at,
    effective_at: fields.at,
    voided_at: null,
    livemode: false,
  } as unknown as Stripe.CreditNote;
  if (open) {
    const amountDue = invoice.amount_due - fields.amount;
    const settled = amountDue <= invoice.amount_paid;
    Object.assign(invoice, { amount_due: amountDue, amount_remaining: Math.max(amountDue - invoice.amount_paid, 0), status: settled ? 'paid' : 'open' });
  }
  data.creditNotes.push(note);
  return note;
}

/** The charge behind a paid invoice payment, refunded by `amount` so far (Stripe's `amount_refunded`). */
export function refundFakePayment(
  data: FakeAccount,
  payment: Stripe.InvoicePayment,
  fields: { amount: number; id?: string },
): Stripe.Charge {
  const charge = {
    id: fields.id ?? nextId('ch'),
    object: 'charge',
    amount: payment.amount_paid,
    amount_refunded: fields.amount,
    refunded: fields.amount >= (payment.amount_paid ?? 0),
    currency: payment.currency,
    payment_intent: payment.payment.payment_intent,
    status: 'succeeded',
    created: payment.created,
    livemode: false,
  } as unknown as Stripe.Charge;
  data.charges.push(charge);
  return charge;
}

/** Delete a customer as Stripe does: reading it answers a stub, lists leave it out; its invoices stay. */
export function deleteFakeCustomer(data: FakeAccount, customerId: string): void {
  const at = data.customers.findIndex((c) => c.id === customerId);
  if (at < 0) throw new Error(`no customer ${customerId}`);
  data.customers[at] = { id: customerId, object: 'customer', deleted: true } as unknown as Stripe.Customer;
}

/** A signed webhook delivery as Stripe sends it: the event's JSON and its Stripe-Signature header. */
export function signedEvent(
  secret: string,
  event: { id: string; type: string; account: string; object: object; created?: number },
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2026-10-28.endive',
    account: event.account,
    created: event.created ?? Math.floor(Date.now() / 1000),
    type: event.type,
    livemode: false,
    pending_webhooks: 1,
    data: { object: event.object },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

/** The parameters Stripe appends to the redirect after an install, signed as Stripe signs them. */
export function installCallback(
  appSecret: string,
  fields: { state: string; accountId: string; userId?: string; timestamp?: number },
): { user_id: string; account_id: string; state: string; install_signature: string } {
  const userId = fields.userId ?? 'usr_FakeInstaller1';
  const payload = JSON.stringify({ state: fields.state, user_id: userId, account_id: fields.accountId });
  const install_signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: appSecret,
    ...(fields.timestamp !== undefined ? { timestamp: fields.timestamp } : {}),
  });
  return { user_id: userId, account_id: fields.accountId, state: fields.state, install_signature };
}

/**
 * A small book of business for a fake account: `customers` customers, each owing two invoices that
 * fell due weeks ago (the first biggest), so they show among the top debtors once synced. The last
 * `retrying` customers pay by card, and Stripe is retrying both their invoices, next in three days.
 */
export function fillFakeAccount(data: FakeAccount, options: { customers: number; namePrefix: string; retrying?: number }): void {
  const now = Math.floor(Date.now() / 1000);
  for (let c = 0; c < options.customers; c++) {
    const customer = fakeCustomer({ name: `${options.namePrefix} ${c + 1}`, email: `ap${c + 1}@stripe-customer.example`, currency: 'gbp' });
    data.customers.push(customer);
    const retrying = c >= options.customers - (options.retrying ?? 0);
    const card = retrying ? { chargedAutomatically: true, dueDate: null, attemptCount: 1, nextPaymentAttempt: now + 3 * 86_400 } : {};
    for (let n = 0; n < 2; n++) {
      const created = now - (70 - n * 10) * 86_400;
      const amountDue = (options.customers - c) * 10_000 + n * 500;
      data.invoices.push(fakeInvoice({ customer: customer.id, number: `${customer.id}-${n + 1}`, amountDue, status: 'open', created, ...card }));
    }
  }
}
