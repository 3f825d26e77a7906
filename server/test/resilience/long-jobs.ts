import type { Account, CustomerBulkJob, CustomerImport, StripeConnect, SyncCounts } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import { FIGURES_BATCH } from '../../src/modules/customers/refresh-organisation-figures';
import { CUSTOMER_BULK_BATCH } from '../../src/modules/customers/run-customer-bulk-job';
import { IMPORT_BATCH_ROWS } from '../../src/modules/imports/run-customer-import';
import { SCHEDULE_CHUNK } from '../../src/modules/scheduling/schedule-organisation';
import { uploaded } from '../import-helpers';
import {
  type Db,
  type FakeStripe,
  fillFakeAccount,
  insertCustomer,
  insertCustomers,
  insertOrganization,
  installCallback,
  okBody,
  refreshCustomerFigures,
  type SignedUpUser,
  type TestDatabase,
} from '../support';

import { type HeldRow, waitUntil } from './row-hold';

/**
 * The long jobs a worker runs (server/src/jobs/job-list.ts), each started as a person or the
 * product starts it, on a book of its own organisation, and held mid-way — its earlier batches
 * committed, the next one waiting on a row (or a Stripe page) the test holds — so its worker can
 * be SIGKILLed at a moment known to be in the middle of it (worker-kill-extension.ts).
 */

/** What a job needs of the run around it. */
export interface JobLab {
  tdb: TestDatabase;
  stripe: FakeStripe;
  /** The install link's signing secret the API process was given: completes a connection as Stripe would. */
  stripeAppSecret: string;
  signUp(): Promise<SignedUpUser>;
  /** Hold a customer's row until released, or until the run ends. */
  holdCustomer(id: string): Promise<HeldRow>;
  /** Run `cleanup` when the run ends, however it ends. */
  atClose(cleanup: () => Promise<void>): void;
}

/** Where a job stands, as its own record says. */
export interface JobState {
  finished: boolean;
  /** An end the job recorded as a failure, for good: it will not be run again. */
  failure?: string;
  /** How far it has got, in a few words. */
  progress: string;
}

/** A long job on the worker about to be killed, waiting mid-way on what the test holds. */
export interface HeldJob {
  /** What ran, how big: the report's words. */
  label: string;
  /** How far it had got when it was held. */
  midway: string;
  /** Its pg-boss queue, and the singleton key its jobs carry (null: none). */
  queue: string;
  singletonKey: string | null;
  /** Let the waiting batch go on: after the kill, into a connection nobody reads, so it rolls back. */
  release(): Promise<void>;
  read(): Promise<JobState>;
  /** What the finished job got wrong, each a sentence starting "rows lost" or "rows doubled". */
  check(): Promise<string[]>;
}

const AMOUNT_OWED = 10_000;
const fmt = (n: number) => n.toLocaleString('en-GB');

async function readRow<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T> {
  const [row] = (await db.execute(query)).rows as T[];
  if (!row) throw new Error('the query answered no row');
  return row;
}

/** The `index`th customer in id order: the order every batched job walks them in. */
async function customerAt(db: Db, orgId: string, index: number): Promise<string> {
  return (await readRow<{ id: string }>(db, sql`select id from customer where org_id = ${orgId} order by id offset ${index} limit 1`)).id;
}

/** Nothing when `actual` is `expected`; else rows lost (fewer) or doubled (more), in the report's words. */
function countIs(what: string, actual: number, expected: number): string[] {
  if (actual === expected) return [];
  return [`rows ${actual < expected ? 'lost' : 'doubled'}: ${fmt(actual)} ${what}, ${fmt(expected)} expected`];
}

// ---- The figures refresh: sent by every worker as it starts, over every organisation ----

const FIGURES_CUSTOMERS = 6_000;
/** In the pass's second batch (of FIGURES_BATCH): that batch waits on it, the first commits. */
const FIGURES_HELD_AT = FIGURES_BATCH + 500;

/**
 * A book whose figures were never computed: every customer owes one invoice ten days overdue, so
 * the pass moves each to single_missed. The refresh is the one a worker sends as it starts, so the
 * book and the hold come first and `midway` is asked once the worker is up.
 */
export async function prepareFiguresRefresh(lab: JobLab): Promise<{ midway(): Promise<HeldJob> }> {
  const db = lab.tdb.db;
  const org = await insertOrganization(db, { name: 'Worker kill: figures' });
  await db.execute(sql`
    insert into customer (org_id, name, currency)
    select ${org.id}, 'Figures ' || lpad(g::text, 5, '0'), 'GBP' from generate_series(1, ${FIGURES_CUSTOMERS}) g`);
  await db.execute(sql`
    insert into invoice (org_id, customer_id, number, currency, amount_due, amount_remaining, issued_on, due_date)
    select org_id, id, 'FIG-' || right(name, 5), 'GBP', ${AMOUNT_OWED}, ${AMOUNT_OWED}, current_date - 40, current_date - 10
    from customer where org_id = ${org.id}`);
  const hold = await lab.holdCustomer(await customerAt(db, org.id, FIGURES_HELD_AT));
  const counts = () => readRow<{ missed: number; recorded: boolean }>(db, sql`
    select count(*) filter (where standing = 'single_missed')::int as missed,
           (select figures_as_of is not null from org_settings where org_id = ${org.id}) as recorded
    from customer where org_id = ${org.id}`);

  return {
    midway: async () => {
      await waitUntil('the figures refresh waiting on its second batch, its first committed', async () =>
        (await hold.isWaitedOn()) && (await counts()).missed === FIGURES_BATCH);
      return {
        label: `figures refresh of ${fmt(FIGURES_CUSTOMERS)} customers`,
        midway: `with ${fmt(FIGURES_BATCH)} done`,
        queue: 'figures.refresh',
        singletonKey: null,
        release: hold.release,
        read: async () => {
          const { missed, recorded } = await counts();
          return { finished: missed === FIGURES_CUSTOMERS && recorded, progress: `${fmt(missed)} of ${fmt(FIGURES_CUSTOMERS)} customers overdue` };
        },
        check: async () => {
          const found = await readRow<{ right: number; transitions: number; moved: number }>(db, sql`
            select count(*) filter (where standing = 'single_missed' and amount_overdue = ${AMOUNT_OWED})::int as right,
                   (select count(*)::int from standing_transition where org_id = ${org.id}) as transitions,
                   (select count(distinct customer_id)::int from standing_transition where org_id = ${org.id}) as moved
            from customer where org_id = ${org.id}`);
          return [
            ...countIs('customers with their figures brought up to date', found.right, FIGURES_CUSTOMERS),
            // Decision 0018 ("Safe from two workers"): a change of standing is recorded once.
            ...countIs('standing transitions', found.transitions, FIGURES_CUSTOMERS),
            ...countIs('customers with a standing transition', found.moved, FIGURES_CUSTOMERS),
          ];
        },
      };
    },
  };
}

// ---- A CSV import, started through the API ----

const IMPORT_ROWS = 5_000;
const IMPORT_NAMES = 1_000;
/** The customer that exists before the import: rows from IMPORT_HELD_FROM on name it now and then. */
const HELD_IMPORT_NAME = 'Held Import Customer';
/** A batch boundary: the batch starting here waits on the held customer, the ones before it commit. */
const IMPORT_HELD_FROM = IMPORT_BATCH_ROWS * 5;

const importName = (i: number) => (i >= IMPORT_HELD_FROM && i % IMPORT_NAMES === 600 ? HELD_IMPORT_NAME : `Import Customer ${i % IMPORT_NAMES}`);
const IMPORT_HELD_ROWS = Array.from({ length: IMPORT_ROWS }, (_, i) => importName(i)).filter((n) => n === HELD_IMPORT_NAME).length;

/** 5,000 invoices for 1,000 new customers, and now and then (after row 2,500) for the one that exists. */
function importCsv(): string {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => `${importName(i)},WK-${i},31/12/2027,${(i % 97) + 1}.00`);
  return `Name,Num,Due date,Amount\r\n${rows.join('\r\n')}\r\n`;
}

export async function startCustomerImport(lab: JobLab): Promise<HeldJob> {
  const db = lab.tdb.db;
  const user = await lab.signUp();
  // Its invoices' insert waits for the held row (the foreign key's share lock).
  const existing = await insertCustomer(db, user.orgId, { name: HELD_IMPORT_NAME, currency: 'GBP' });
  const hold = await lab.holdCustomer(existing.id);
  const created = await uploaded(user.api, importCsv(), 'worker-kill.csv');
  const started = await user.api('POST', `/api/imports/${created.id}/start`, { mapping: created.suggested_mapping, default_currency: 'GBP', date_order: 'dmy' });
  if (started.status !== 202) throw new Error(`the import did not start: ${started.status} ${started.text}`);
  const read = async () => okBody(await user.api<CustomerImport>('GET', `/api/imports/${created.id}`));
  await waitUntil(`the import waiting on the held customer with ${fmt(IMPORT_HELD_FROM)} rows committed`, async () =>
    (await hold.isWaitedOn()) && (await read()).processed_rows === IMPORT_HELD_FROM);

  return {
    label: `import of ${fmt(IMPORT_ROWS)} rows`,
    midway: `after ${fmt(IMPORT_HELD_FROM)}`,
    queue: 'customers.import',
    singletonKey: user.orgId,
    release: hold.release,
    read: async () => {
      const i = await read();
      return {
        finished: i.status === 'completed',
        ...(i.status === 'failed' ? { failure: `failed: ${i.error ?? 'no error recorded'}` } : {}),
        progress: `${i.status}, ${fmt(i.processed_rows)} of ${fmt(IMPORT_ROWS)} rows`,
      };
    },
    check: async () => {
      const i = await read();
      const found = await readRow<{ customers: number; names: number; invoices: number; numbers: number; held: number }>(db, sql`
        select (select count(*)::int from customer where org_id = ${user.orgId}) as customers,
               (select count(distinct name)::int from customer where org_id = ${user.orgId}) as names,
               (select count(*)::int from invoice where org_id = ${user.orgId}) as invoices,
               (select count(distinct number)::int from invoice where org_id = ${user.orgId}) as numbers,
               (select count(*)::int from invoice where org_id = ${user.orgId} and customer_id = ${existing.id}) as held`);
      return [
        ...(i.rejected_rows > 0 ? [`rows lost: ${fmt(i.rejected_rows)} rows rejected, none expected`] : []),
        ...countIs('rows processed by the import', i.processed_rows, IMPORT_ROWS),
        ...countIs('customers created by the import', i.customers_created, IMPORT_NAMES),
        ...countIs('invoices created by the import', i.invoices_created, IMPORT_ROWS),
        ...countIs('customer names', found.names, IMPORT_NAMES + 1),
        ...countIs('customers (one per name)', found.customers, found.names),
        ...countIs('invoice numbers', found.numbers, IMPORT_ROWS),
        ...countIs('invoices (one per number)', found.invoices, found.numbers),
        ...countIs('invoices of the customer that existed', found.held, IMPORT_HELD_ROWS),
      ];
    },
  };
}

// ---- A bulk action over `matching`, started through the API ----

const BULK_CUSTOMERS = 3_000;
/** The job works in id order, CUSTOMER_BULK_BATCH a batch: this one holds the second batch. */
const BULK_HELD_AT = CUSTOMER_BULK_BATCH + 499;

export async function startBulkAction(lab: JobLab): Promise<HeldJob> {
  const db = lab.tdb.db;
  const user = await lab.signUp();
  await insertCustomers(db, user.orgId, Array.from({ length: BULK_CUSTOMERS }, (_, i) => ({ name: `Bulk ${String(i).padStart(4, '0')}`, currency: 'EUR' })));
  const hold = await lab.holdCustomer(await customerAt(db, user.orgId, BULK_HELD_AT));
  const started = await user.api<CustomerBulkJob>('POST', '/api/customers/bulk', { matching: {}, action: { type: 'pause', until: null } });
  if (started.status !== 202) throw new Error(`the bulk action did not start: ${started.status} ${started.text}`);
  const read = async () => okBody(await user.api<CustomerBulkJob>('GET', `/api/customers/bulk/${started.body.id}`));
  await waitUntil(`the bulk action waiting on the held customer with ${fmt(CUSTOMER_BULK_BATCH)} committed`, async () =>
    (await hold.isWaitedOn()) && (await read()).processed === CUSTOMER_BULK_BATCH);

  return {
    label: `bulk pause over matching (${fmt(BULK_CUSTOMERS)} customers)`,
    midway: `after ${fmt(CUSTOMER_BULK_BATCH)}`,
    queue: 'customers.bulk',
    singletonKey: user.orgId,
    release: hold.release,
    read: async () => {
      const job = await read();
      return {
        finished: job.status === 'succeeded',
        ...(job.status === 'failed' ? { failure: `failed: ${job.error ?? 'no error recorded'}` } : {}),
        progress: `${job.status}, ${fmt(job.processed)} of ${fmt(job.total)} customers`,
      };
    },
    check: async () => {
      const job = await read();
      const found = await readRow<{ paused: number; audits: number; audited: number }>(db, sql`
        select (select count(*)::int from customer where org_id = ${user.orgId} and standing = 'paused') as paused,
               count(*)::int as audits, count(distinct customer_id)::int as audited
        from audit_log where org_id = ${user.orgId} and action = 'customer.pause'`);
      return [
        ...countIs('customers the job counts processed', job.processed, BULK_CUSTOMERS),
        ...countIs('customers the job counts updated', job.updated, BULK_CUSTOMERS),
        ...countIs('customers paused', found.paused, BULK_CUSTOMERS),
        // One audit entry per customer changed, not one per attempt.
        ...countIs('audit entries of a pause', found.audits, BULK_CUSTOMERS),
        ...countIs('customers with an audit entry of their pause', found.audited, BULK_CUSTOMERS),
      ];
    },
  };
}

// ---- A Stripe sync, started by connecting an account through the API ----

const STRIPE_CUSTOMERS = 1_000;
/** fillFakeAccount gives each customer two open invoices. */
const STRIPE_INVOICES = STRIPE_CUSTOMERS * 2;
/** Objects per page, and per committed batch of the sync (sync-account.ts's PAGE). */
const STRIPE_PAGE = 100;
/** Pages of customers committed before the sync's next request is held at the fake Stripe. */
const STRIPE_PAGES_BEFORE_HOLD = 3;

export async function startStripeSync(lab: JobLab): Promise<HeldJob> {
  const db = lab.tdb.db;
  const user = await lab.signUp();
  const accountId = `acct_WorkerKill${Date.now()}`;
  fillFakeAccount(lab.stripe.account(accountId), { customers: STRIPE_CUSTOMERS, namePrefix: 'Stripe Customer' });
  // Connecting queues the sync at once: the hold is in place before.
  let asked = false;
  let answer = (): void => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const release = (): Promise<void> => {
    answer();
    return Promise.resolve();
  };
  lab.stripe.holdRequest('/v1/customers', STRIPE_PAGES_BEFORE_HOLD, () => {
    asked = true;
    return answered;
  });
  lab.atClose(release);

  const link = okBody(await user.api<StripeConnect>('POST', '/api/stripe/connect/'));
  const state = new URL(link.url).searchParams.get('state') ?? '';
  const connected = okBody(await user.api<{ account: Account }>('POST', '/api/stripe/complete/', installCallback(lab.stripeAppSecret, { state, accountId })));
  const sync = () => readRow<{ status: string | null; stage: string | null; counts: SyncCounts }>(db, sql`
    select sync_status as status, sync_stage as stage, sync_counts as counts from account where id = ${connected.account.id}`);
  const committed = STRIPE_PAGES_BEFORE_HOLD * STRIPE_PAGE;
  await waitUntil(`the sync asking for its next page of customers with ${committed} committed`, async () =>
    asked && (await sync()).counts.customers === committed);

  return {
    label: `Stripe sync of ${fmt(STRIPE_CUSTOMERS)} customers, ${fmt(STRIPE_INVOICES)} invoices`,
    midway: `after ${committed} customers`,
    queue: 'stripe.sync',
    singletonKey: connected.account.id,
    release,
    read: async () => {
      // A sync that failed is retried by pg-boss from its cursor: not an end.
      const s = await sync();
      return { finished: s.status === 'completed', progress: `${s.status ?? 'never run'} at ${s.stage ?? '-'}, ${fmt(s.counts.customers)} customers and ${fmt(s.counts.invoices)} invoices read` };
    },
    check: async () => {
      const { counts } = await sync();
      const found = await readRow<{ customers: number; refs: number; invoices: number; ids: number }>(db, sql`
        select (select count(*)::int from customer where org_id = ${user.orgId} and external_ref like 'stripe:%') as customers,
               (select count(distinct external_ref)::int from customer where org_id = ${user.orgId} and external_ref like 'stripe:%') as refs,
               (select count(*)::int from invoice where org_id = ${user.orgId} and source = 'stripe') as invoices,
               (select count(distinct external_id)::int from invoice where org_id = ${user.orgId} and source = 'stripe') as ids`);
      return [
        // The counts ride with each page's commit: a page applied twice would count twice.
        ...countIs('customers the sync counts', counts.customers, STRIPE_CUSTOMERS),
        ...countIs('invoices the sync counts', counts.invoices, STRIPE_INVOICES),
        ...countIs('Stripe customers', found.refs, STRIPE_CUSTOMERS),
        ...countIs('customers (one per Stripe customer)', found.customers, found.refs),
        ...countIs('Stripe invoices', found.ids, STRIPE_INVOICES),
        ...countIs('invoices (one per Stripe invoice)', found.invoices, found.ids),
      ];
    },
  };
}

// ---- The scheduling pass, sent by saving the chasing settings through the API ----

const SCHEDULING_CUSTOMERS = 2_000;
/** In the pass's third chunk (of SCHEDULE_CHUNK): that chunk waits on it, two are committed. */
const SCHEDULING_HELD_AT = SCHEDULE_CHUNK * 2 + 200;

/**
 * Customers of an organisation with the starter workflow (sign-up's), each owing one invoice ten
 * days overdue with a primary contact, figures computed and not planned yet: the pass plans the
 * same emails for each.
 */
export async function startSchedulingPass(lab: JobLab): Promise<HeldJob> {
  const db = lab.tdb.db;
  const user = await lab.signUp();
  const orgId = user.orgId;
  await db.execute(sql`
    insert into customer (org_id, name, currency)
    select ${orgId}, 'Chased ' || lpad(g::text, 5, '0'), 'GBP' from generate_series(1, ${SCHEDULING_CUSTOMERS}) g`);
  await db.execute(sql`
    insert into contact (org_id, customer_id, email, role)
    select org_id, id, 'ap' || right(name, 5) || '@chased.example', 'primary' from customer where org_id = ${orgId}`);
  await db.execute(sql`
    insert into invoice (org_id, customer_id, number, currency, amount_due, amount_remaining, issued_on, due_date)
    select org_id, id, 'CH-' || right(name, 5), 'GBP', ${AMOUNT_OWED}, ${AMOUNT_OWED}, current_date - 40, current_date - 10
    from customer where org_id = ${orgId}`);
  await refreshCustomerFigures(db, orgId);
  const hold = await lab.holdCustomer(await customerAt(db, orgId, SCHEDULING_HELD_AT));
  const saved = await user.api('PUT', '/api/settings/chasing', { send_window_start: '09:00', send_window_end: '17:00', working_days: [1, 2, 3, 4, 5], weekly_cap: 2 });
  if (saved.status !== 200) throw new Error(`the chasing settings were not saved: ${saved.status} ${saved.text}`);
  const planned = async () => (await readRow<{ n: number }>(db, sql`select count(distinct customer_id)::int as n from event where org_id = ${orgId}`)).n;
  await waitUntil(`the scheduling pass waiting on its third chunk with ${fmt(SCHEDULE_CHUNK * 2)} customers planned`, async () =>
    (await hold.isWaitedOn()) && (await planned()) === SCHEDULE_CHUNK * 2);

  return {
    label: `scheduling pass over ${fmt(SCHEDULING_CUSTOMERS)} customers`,
    midway: `after ${fmt(SCHEDULE_CHUNK * 2)}`,
    queue: 'chasing.schedule',
    singletonKey: orgId,
    release: hold.release,
    read: async () => {
      const n = await planned();
      return { finished: n === SCHEDULING_CUSTOMERS, progress: `${fmt(n)} of ${fmt(SCHEDULING_CUSTOMERS)} customers planned` };
    },
    check: async () => {
      const found = await readRow<{ events: number; steps: number; customers: number }>(db, sql`
        select count(*)::int as events, count(distinct (customer_id, workflow_action_id))::int as steps, count(distinct customer_id)::int as customers
        from event where org_id = ${orgId}`);
      const spread = await readRow<{ fewest: number; most: number }>(db, sql`
        select min(n)::int as fewest, max(n)::int as most from (select count(*) as n from event where org_id = ${orgId} group by customer_id) per`);
      const twice = await readRow<{ n: number }>(db, sql`
        select count(*)::int as n from (select 1 from event_status_change where org_id = ${orgId} group by event_id, status having count(*) > 1) d`);
      return [
        ...countIs('customers with planned emails', found.customers, SCHEDULING_CUSTOMERS),
        ...countIs('planned emails (one per customer and step)', found.events, found.steps),
        // Every customer owes the same, from the same day: each is planned the same emails.
        ...(spread.fewest < spread.most ? [`rows lost: a customer has ${spread.fewest} planned emails where another has ${spread.most}`] : []),
        ...(twice.n > 0 ? [`rows doubled: ${fmt(twice.n)} planned emails with the same status recorded twice`] : []),
      ];
    },
  };
}
