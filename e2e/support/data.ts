import { addDays, DEFAULT_TIME_ZONE, organisationToday } from '@receivables/contracts';
import {
  createDatabase,
  type Database,
  insertContact,
  insertCustomer,
  insertCustomers,
  insertEvent,
  insertInvoice,
  insertInvoices,
  insertMembership,
  insertPayment,
  insertTag,
  inboundRoute,
  refreshCustomerFigures,
  scheduleOrganisation,
  tagCustomer,
  withOrg,
} from '@receivables/server/testing';

let database: Database | undefined;

function connect(): Database {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through playwright.config.ts (global setup)');
  database ??= createDatabase(url, { max: 2 });
  return database;
}

/** The e2e server's database, through the same factories the server's own tests use. */
function db(): Database['db'] {
  return connect().db;
}

/** The e2e server's database (its pool and drizzle), for support modules that seed with the server's own seeders. */
export const e2eDatabase = (): Database => connect();

/**
 * Wait until the worker has no figures refresh or scheduler pass to run (pg-boss's queue, in the
 * same database) and has run at least one pass. The worker runs both when it starts (hourly too,
 * but not in journeys: global-setup takes that off the clock): a pass supersedes the pending
 * emails of customers who owe nothing, so a journey that seeds such emails as a fixture, and is the
 * first to run after the server starts, waits for it first.
 */
export async function waitForSchedulerPass(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { rows } = await connect().pool.query<{ name: string; state: string }>(
      "select name, state from pgboss.job where name in ('figures.refresh', 'chasing.schedule')",
    );
    const waiting = rows.some((r) => ['created', 'retry', 'active'].includes(r.state));
    if (!waiting && rows.some((r) => r.name === 'chasing.schedule' && r.state === 'completed')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the worker ran no scheduler pass within 30 s');
}

/**
 * The calendar date `days` before the organisation's today (a new organisation's zone is the
 * default one), as YYYY-MM-DD: the day the app counts days late from.
 */
export function isoDaysAgo(days: number): string {
  return addDays(organisationToday(DEFAULT_TIME_ZONE), -days);
}

export interface DebtorSpec {
  name: string;
  currency: string;
  /** Open invoices past due: [amount in minor units, days since the due date]. */
  overdue: [number, number][];
  /** Open invoices not yet due: [amount in minor units, days until the due date]. */
  notYetDue?: [number, number][];
  lastChaseAt?: string;
  email?: string;
  /** Paused until this date (YYYY-MM-DD): the figures still follow the invoices underneath. */
  pausedUntil?: string;
  /**
   * The primary contact's address bounced for good, in the remote server's words, as a hard
   * bounce leaves it (decision 0021): chasing no longer writes to it.
   */
  bounced?: string;
}

/** Insert a customer with a primary contact and open invoices, then derive its figures. */
export async function seedDebtor(orgId: string, spec: DebtorSpec): Promise<string> {
  const customer = await insertCustomer(db(), orgId, {
    name: spec.name,
    currency: spec.currency,
    lastChaseAt: spec.lastChaseAt ? new Date(spec.lastChaseAt) : null,
    ...(spec.pausedUntil ? { standing: 'paused' as const, pausedUntil: spec.pausedUntil } : {}),
  });
  await insertContact(db(), orgId, customer.id, {
    email: spec.email ?? `accounts+${customer.id.slice(0, 8)}@example.com`,
    role: 'primary',
    ...(spec.bounced ? { undeliverableAt: new Date(), undeliverableReason: spec.bounced } : {}),
  });
  const invoices = [
    ...spec.overdue.map(([amountDue, daysAgo]) => ({ amountDue, dueDate: isoDaysAgo(daysAgo) })),
    // Issued on 30-day terms, and never in the future.
    ...(spec.notYetDue ?? []).map(([amountDue, daysAhead]) => ({
      amountDue,
      dueDate: isoDaysAgo(-daysAhead),
      issuedOn: isoDaysAgo(Math.max(0, 30 - daysAhead)),
    })),
  ];
  await insertInvoices(db(), orgId, customer.id, invoices.map((i) => ({ ...i, currency: spec.currency, status: 'open' as const })));
  await refreshCustomerFigures(db(), orgId, { customerIds: [customer.id] });
  return customer.id;
}

/** Give a customer an escalation contact (the primary is seedDebtor's). */
export async function seedEscalationContact(orgId: string, customerId: string, contact: { name: string; email: string }): Promise<void> {
  await insertContact(db(), orgId, customerId, { ...contact, role: 'escalation' });
}

/** Insert customers that owe nothing, one per name, in a single statement; returns their ids. */
export async function seedCustomers(orgId: string, names: string[], currency = 'GBP'): Promise<string[]> {
  const rows = await insertCustomers(db(), orgId, names.map((name) => ({ name, currency })));
  return rows.map((row) => row.id);
}

export interface PaidInvoiceSpec {
  number: string;
  currency: string;
  /** In minor units; `paid` of it has been received, in one payment `paidDaysAgo` days ago. */
  amountDue: number;
  paid: number;
  dueDaysAgo: number;
  paidDaysAgo: number;
  paymentUrl?: string;
}

/** Add an invoice with a known number and a payment against it to an existing customer. */
export async function seedPaidInvoice(orgId: string, customerId: string, spec: PaidInvoiceSpec): Promise<void> {
  const invoice = await insertInvoice(db(), orgId, customerId, {
    number: spec.number,
    currency: spec.currency,
    amountDue: spec.amountDue,
    amountPaid: spec.paid,
    dueDate: isoDaysAgo(spec.dueDaysAgo),
    status: spec.paid >= spec.amountDue ? 'paid' : 'open',
    paymentUrl: spec.paymentUrl ?? null,
  });
  await insertPayment(db(), orgId, customerId, {
    invoiceId: invoice.id,
    amount: spec.paid,
    currency: spec.currency,
    paidAt: new Date(Date.now() - spec.paidDaysAgo * 86_400_000),
  });
  await refreshCustomerFigures(db(), orgId, { customerIds: [customerId] });
}

/** Create a tag named `name` and put it on each of `customerIds`. */
export async function seedTag(orgId: string, name: string, customerIds: string[], colour = '#00695c'): Promise<void> {
  const tag = await insertTag(db(), orgId, { name, colour });
  for (const customerId of customerIds) await tagCustomer(db(), orgId, customerId, tag.id);
}

/** Insert customers that owe nothing and follow `workflowId` by choice; returns their ids. */
export async function seedCustomersFollowing(orgId: string, workflowId: string, names: string[]): Promise<string[]> {
  const rows = await insertCustomers(db(), orgId, names.map((name) => ({ name, currency: 'GBP', workflowId })));
  return rows.map((row) => row.id);
}

/**
 * What the worker does each hour, for one organisation at the current clock: the figures refresh,
 * then the scheduler's real pass (decision 0018), which turns the next 14 days of every chased
 * customer's plan into pending events. The server's own worker may run the same pass in the
 * background (after a workflow change): the pass is idempotent, so it never plans anything twice.
 */
export async function runScheduler(orgId: string): Promise<void> {
  await refreshCustomerFigures(db(), orgId);
  await scheduleOrganisation(db(), orgId, new Date());
}

export interface PlannedEmailSpec {
  /** The starter template and workflow step it comes from (GET /api/emails/, GET /api/workflows/). */
  emailId: string;
  workflowId: string;
  workflowActionId: string;
  /** Hours from now until it goes. */
  inHours: number;
  /** What the scheduler stored when it planned it; the page renders it afresh. */
  subject: string;
  to: string;
}

/**
 * A reminder planned for a customer, as the scheduler leaves one (decision 0018): pending, with
 * its step, time, recipient and the subject it was rendered with. Returns the event's id. A fixture
 * for journeys about screens (screenshots, axe) that need one at a fixed time; a journey about
 * planning itself runs the real pass (`runScheduler`).
 */
export async function seedPlannedEmail(orgId: string, customerId: string, spec: PlannedEmailSpec): Promise<string> {
  const event = await insertEvent(db(), orgId, customerId, {
    emailId: spec.emailId,
    workflowId: spec.workflowId,
    workflowActionId: spec.workflowActionId,
    kind: 'regular_email',
    tone: 'friendly-reminder',
    standing: 'single_missed',
    scheduledFor: new Date(Date.now() + spec.inHours * 3_600_000),
    dueDay: isoDaysAgo(-Math.floor(spec.inHours / 24)),
    subject: spec.subject,
    toAddresses: [{ name: null, email: spec.to }],
  });
  return event.id;
}

/** An email that went out `daysAgo` days ago, kept as sent. */
export async function seedSentEmail(
  orgId: string,
  customerId: string,
  spec: { subject: string; to: string; daysAgo: number },
): Promise<string> {
  const sentAt = new Date(Date.now() - spec.daysAgo * 86_400_000);
  const event = await insertEvent(db(), orgId, customerId, {
    status: 'success',
    kind: 'regular_email',
    tone: 'friendly-reminder',
    scheduledFor: sentAt,
    sentAt,
    subject: spec.subject,
    html: `<!doctype html><html><body><p>${spec.subject}</p></body></html>`,
    text: spec.subject,
    toAddresses: [{ name: null, email: spec.to }],
    history: [
      { status: 'pending', at: new Date(sentAt.getTime() - 86_400_000) },
      { status: 'success', at: sentAt },
    ],
  });
  return event.id;
}

export interface HandedOffEmailSpec {
  subject: string;
  to: string;
  /** When it went (or was being handed over): this many hours ago. */
  hoursAgo: number;
  /** Our Message-ID header, as the sender keeps it. */
  messageId: string;
  /** The template and step it came from (`starterPlan`), so it can be rendered again to send by hand. */
  plan?: Pick<PlannedEmailSpec, 'emailId' | 'workflowId' | 'workflowActionId'>;
}

const storedContent = (subject: string) => ({
  kind: 'regular_email' as const,
  tone: 'friendly-reminder' as const,
  subject,
  html: `<!doctype html><html><body><p>${subject}</p></body></html>`,
  text: subject,
});

/**
 * An email the sender handed to the mail server, as it leaves one (issue 12): sent, with our
 * Message-ID, the server's answer and the one attempt it took.
 */
export async function seedDeliveredEmail(
  orgId: string,
  customerId: string,
  spec: HandedOffEmailSpec & { smtpResponse: string },
): Promise<string> {
  const sentAt = new Date(Date.now() - spec.hoursAgo * 3_600_000);
  const event = await insertEvent(db(), orgId, customerId, {
    ...spec.plan,
    ...storedContent(spec.subject),
    status: 'success',
    scheduledFor: sentAt,
    sentAt,
    toAddresses: [{ name: null, email: spec.to }],
    messageId: spec.messageId,
    smtpResponse: spec.smtpResponse,
    attempts: 1,
    history: [
      { status: 'pending', at: new Date(sentAt.getTime() - 86_400_000) },
      { status: 'success', at: sentAt },
    ],
  });
  return event.id;
}

/**
 * An email whose hand-off a stopped worker cut short, as the sender's crash sweep leaves it
 * (docs/domain.md#events-and-sending): unknown, `outcome_unknown`, its Message-ID kept, never
 * sent again unless a person chooses to.
 */
export async function seedUnknownEmail(orgId: string, customerId: string, spec: HandedOffEmailSpec): Promise<string> {
  const tried = new Date(Date.now() - spec.hoursAgo * 3_600_000);
  const event = await insertEvent(db(), orgId, customerId, {
    ...spec.plan,
    ...storedContent(spec.subject),
    status: 'unknown',
    statusReason: 'outcome_unknown',
    scheduledFor: tried,
    toAddresses: [{ name: null, email: spec.to }],
    messageId: spec.messageId,
    attempts: 1,
    claimedAt: tried,
    history: [
      { status: 'pending', at: new Date(tried.getTime() - 86_400_000) },
      { status: 'unknown', reason: 'outcome_unknown', at: new Date(tried.getTime() + 600_000) },
    ],
  });
  return event.id;
}

/** An email the mail server refused outright, as the sender leaves it: failed, `rejected`, in the server's words. */
export async function seedFailedEmail(
  orgId: string,
  customerId: string,
  spec: HandedOffEmailSpec & { smtpResponse: string },
): Promise<string> {
  const tried = new Date(Date.now() - spec.hoursAgo * 3_600_000);
  const event = await insertEvent(db(), orgId, customerId, {
    ...spec.plan,
    ...storedContent(spec.subject),
    status: 'failure',
    statusReason: 'rejected',
    scheduledFor: tried,
    toAddresses: [{ name: null, email: spec.to }],
    messageId: spec.messageId,
    smtpResponse: spec.smtpResponse,
    attempts: 1,
    history: [
      { status: 'pending', at: new Date(tried.getTime() - 86_400_000) },
      { status: 'failure', reason: 'rejected', at: tried },
    ],
  });
  return event.id;
}

/**
 * Make a seeded email answerable, as the sender does when it hands one over (decision 0021): its
 * Message-ID and its event in the routing directory, so a reply quoting either (In-Reply-To, the
 * reply token) is known to be this organisation's before anything else about it is.
 */
export async function routeRepliesTo(orgId: string, email: { eventId: string; messageId: string }): Promise<void> {
  await withOrg(db(), orgId, (tx) =>
    tx
      .insert(inboundRoute)
      .values([
        { orgId, kind: 'message_id', key: email.messageId },
        { orgId, kind: 'event', key: email.eventId },
      ])
      .onConflictDoNothing(),
  );
}

/** Make the signed-up user with this email a `role` of the organisation, as an accepted invitation does (decision 0024). */
export async function addMember(orgId: string, email: string, role: 'owner' | 'admin' | 'member'): Promise<void> {
  await insertMembership(db(), orgId, email, role);
}

/**
 * Hold a lock on one customer, as a long edit elsewhere would, until the returned function is
 * called: a bulk job over every match (decision 0008) waits at that customer's batch, so a journey
 * can see its progress mid-way. Releasing twice is harmless.
 */
export async function holdCustomer(customerId: string): Promise<() => Promise<void>> {
  const client = await connect().pool.connect();
  await client.query('begin');
  await client.query('select id from customer where id = $1 for update', [customerId]);
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    await client.query('commit');
    client.release();
  };
}
