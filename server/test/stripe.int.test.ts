import {
  type Account,
  type AccountList,
  type CustomerDetail,
  type PaymentListResponse,
  type StripeConnect,
  type TimelineResponse,
  accountListSchema,
  instanceInfoSchema,
  stripeConnectSchema,
} from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stripeSyncJob } from '../src/jobs/stripe-sync.job';
import { workerSettings } from '../src/jobs/worker-settings';
import { createInstallState } from '../src/modules/stripe/install-state';
import { createStripeClient } from '../src/modules/stripe/stripe-client';
import { syncAccount } from '../src/modules/stripe/sync-account';

import { FIXTURES, importThroughHandler, readFixture } from './import-helpers';
import { useIntegrationEnv } from './integration-env';
import { expectError, okBody, recordingJobQueue, type SignedUpUser, withOrg } from './support';
import {
  API_KEY,
  creditFakeInvoice,
  deleteFakeCustomer,
  type FakeStripe,
  fakeCustomer,
  fakeInvoice,
  fakeInvoicePayment,
  installCallback,
  refundFakePayment,
  signedEvent,
  startFakeStripe,
} from './support/fake-stripe';

const APP_SECRET = 'absec_test_install_links';
const WEBHOOK_SECRET = 'whsec_test_webhooks';
const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.stop();
});

const jobs = recordingJobQueue();
const env = useIntegrationEnv(
  () => ({
    STRIPE_SECRET_KEY: API_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_APP_SECRET: APP_SECRET,
    STRIPE_INSTALL_URL: `${fake.url}/oauth/v2/authorize?client_id=com.example.receivables`,
    STRIPE_API_BASE: fake.url,
  }),
  jobs,
);

const stripe = (): Stripe => {
  const client = createStripeClient({ secretKey: API_KEY, apiBase: fake.url });
  if (!client) throw new Error('no client');
  return client;
};
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Connect `accountId` to the user's organisation through the real connect and complete endpoints. */
async function connect(user: SignedUpUser, accountId: string, extra: { livemode?: boolean } = {}): Promise<Account> {
  const link = stripeConnectSchema.parse(okBody(await user.api<StripeConnect>('POST', '/api/stripe/connect/')));
  const state = new URL(link.url).searchParams.get('state') ?? '';
  const done = await user.api<{ account: Account }>('POST', '/api/stripe/complete/', { ...installCallback(APP_SECRET, { state, accountId }), ...extra });
  expect(done.status, done.text).toBe(201);
  return done.body.account;
}

/** Run the sync the connection queued, as the worker's job would. */
async function runSync(user: SignedUpUser, account: Account, options: { sleep?: (ms: number) => Promise<void> } = {}): Promise<void> {
  const deps = { db: env.db.db, stripe: stripe(), now: () => new Date(), log: quietLog, ...options };
  await syncAccount(deps, { orgId: user.orgId, accountId: account.id });
}

async function listAccounts(user: SignedUpUser): Promise<AccountList> {
  return accountListSchema.parse(okBody(await user.api<AccountList>('GET', '/api/accounts/')));
}

async function rows<T>(user: SignedUpUser, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await withOrg(env.db.db, user.orgId, (tx) => tx.execute(query));
  return result.rows as T[];
}

describe('connecting a Stripe account', () => {
  it('tells the SPA this server can connect Stripe, so Settings offers it (decision 0046)', async () => {
    expect(instanceInfoSchema.parse((await env.anonymous()('GET', '/api/instance/')).body).stripe_connect).toBe(true);
  });

  it('sends the person to the install link with a signed state and our callback, and stores the account the callback completes', async () => {
    const user = await env.signUp();
    const link = okBody(await user.api<StripeConnect>('POST', '/api/stripe/connect/'));
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth/v2/authorize`);
    expect(url.searchParams.get('client_id')).toBe('com.example.receivables');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/callback/stripe');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);

    const state = url.searchParams.get('state') ?? '';
    const params = installCallback(APP_SECRET, { state, accountId: 'acct_Connect1' });
    const done = await user.api<{ account: Account }>('POST', '/api/stripe/complete/', params);
    expect(done.status, done.text).toBe(201);
    // livemode absent means a live account (docs/decisions/0022-stripe.md).
    expect(done.body.account).toMatchObject({ provider: 'stripe', external_account_id: 'acct_Connect1', livemode: true, status: 'connected' });
    expect(done.body.account.sync).toMatchObject({ status: 'queued', stage: 'customers', percent: 0 });
    expect(jobs.sent.findLast((j) => j.name === 'stripe.sync')).toMatchObject({
      data: { orgId: user.orgId, accountId: done.body.account.id },
      options: { singletonKey: done.body.account.id },
    });
    expect((await listAccounts(user)).rows.map((a) => a.external_account_id)).toEqual(['acct_Connect1']);

    // The same callback again: the state was used.
    expectError(await user.api('POST', '/api/stripe/complete/', params), 422, 'DOMAIN_RULE', 'state');
    // Another organisation sees none of it.
    const other = await env.signUp();
    expect((await listAccounts(other)).rows).toEqual([]);
  });

  it('keeps livemode false when Stripe says so', async () => {
    const user = await env.signUp();
    expect(await connect(user, 'acct_TestMode1', { livemode: false })).toMatchObject({ livemode: false });
  });

  it('refuses a tampered signature, an old signature, an expired state, another person’s state, a forged state and a missing field', async () => {
    const user = await env.signUp();
    const state = new URL(okBody(await user.api<StripeConnect>('POST', '/api/stripe/connect/')).url).searchParams.get('state') ?? '';
    const good = installCallback(APP_SECRET, { state, accountId: 'acct_Tamper1' });

    // The account id changed after Stripe signed: the signature no longer matches.
    const tampered = await user.api('POST', '/api/stripe/complete/', { ...good, account_id: 'acct_Someone2' });
    expectError(tampered, 422, 'DOMAIN_RULE', 'install_signature');
    expect((tampered.body as { error: { message: string } }).error.message).toMatch(/altered or is not from Stripe/);
    // Signed with another secret.
    expectError(await user.api('POST', '/api/stripe/complete/', installCallback('absec_someone_else', { state, accountId: 'acct_Tamper1' })), 422, 'DOMAIN_RULE', 'install_signature');
    // Signed ten minutes ago: outside the tolerance, a replay.
    const old = installCallback(APP_SECRET, { state, accountId: 'acct_Tamper1', timestamp: nowSeconds() - 600 });
    const replayed = await user.api('POST', '/api/stripe/complete/', old);
    expectError(replayed, 422, 'DOMAIN_RULE', 'install_signature');
    expect((replayed.body as { error: { message: string } }).error.message).toMatch(/too old/);

    // A state made 31 minutes ago has expired.
    const key = env.server.config.stripe.stateKey;
    const stale = createInstallState(key, { orgId: user.orgId, userId: user.userId }, new Date(Date.now() - 31 * 60_000)).state;
    expectError(await user.api('POST', '/api/stripe/complete/', installCallback(APP_SECRET, { state: stale, accountId: 'acct_Tamper1' })), 422, 'DOMAIN_RULE', 'state');
    // A state made for someone else, presented by this user.
    const other = await env.signUp();
    const theirs = createInstallState(key, { orgId: other.orgId, userId: other.userId }, new Date()).state;
    expectError(await user.api('POST', '/api/stripe/complete/', installCallback(APP_SECRET, { state: theirs, accountId: 'acct_Tamper1' })), 422, 'DOMAIN_RULE', 'state');
    // A state with its payload changed keeps the old signature: forged.
    const [, mac] = state.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ orgId: user.orgId, userId: user.userId, nonce: 'x', expiresAt: nowSeconds() + 9999 })).toString('base64url');
    expectError(await user.api('POST', '/api/stripe/complete/', installCallback(APP_SECRET, { state: `${forgedBody}.${mac}`, accountId: 'acct_Tamper1' })), 422, 'DOMAIN_RULE', 'state');
    // No state at all.
    const { state: _dropped, ...stateless } = installCallback(APP_SECRET, { state, accountId: 'acct_Tamper1' });
    expectError(await user.api('POST', '/api/stripe/complete/', stateless), 422, 'DOMAIN_RULE', 'state');
    // A missing field is a 400 naming it; a non-boolean livemode too.
    const { account_id: _gone, ...noAccount } = good;
    expectError(await user.api('POST', '/api/stripe/complete/', noAccount), 400, 'VALIDATION_FAILED', 'account_id');
    expectError(await user.api('POST', '/api/stripe/complete/', { ...good, livemode: 'yes' }), 400, 'VALIDATION_FAILED', 'livemode');

    // None of it stored anything; the good one still works.
    expect((await listAccounts(user)).rows).toEqual([]);
    expect((await user.api('POST', '/api/stripe/complete/', good)).status).toBe(201);
  });

  it('refuses an account another organisation has connected', async () => {
    const first = await env.signUp();
    await connect(first, 'acct_Shared1');
    const second = await env.signUp();
    const state = new URL(okBody(await second.api<StripeConnect>('POST', '/api/stripe/connect/')).url).searchParams.get('state') ?? '';
    expectError(await second.api('POST', '/api/stripe/complete/', installCallback(APP_SECRET, { state, accountId: 'acct_Shared1' })), 409, 'CONFLICT', 'account_id');
  });
});

describe('the sync', () => {
  it('lands 2,500 open invoices exactly, waits out a 429, and resumes after a failure mid-way without a duplicate', async () => {
    const user = await env.signUp();
    const data = fake.account('acct_Big1');
    const now = nowSeconds();
    for (let c = 0; c < 250; c++) {
      const customer = fakeCustomer({ name: `Big Customer ${c}`, email: `ap${c}@big.example`, currency: 'gbp', created: now - 400 * DAY + c });
      data.customers.push(customer);
      for (let n = 0; n < 10; n++) {
        data.invoices.push(fakeInvoice({ customer: customer.id, number: `BIG-${c}-${n}`, amountDue: 1000 + n, status: 'open', created: now - 200 * DAY + c * 10 + n }));
      }
    }
    // A settled invoice of the last 90 days, its payment, and a draft that is not owed yet.
    const settled = fakeInvoice({ customer: data.customers[0]?.id ?? '', number: 'BIG-PAID', amountDue: 5000, status: 'paid', created: now - 10 * DAY });
    data.invoices.push(settled, fakeInvoice({ customer: data.customers[1]?.id ?? '', number: null, amountDue: 700, status: 'draft', created: now - DAY }));
    data.invoicePayments.push(fakeInvoicePayment(settled, { amount: 5000, paidAt: now - 5 * DAY }));

    const account = await connect(user, 'acct_Big1');
    fake.rateLimitNext('/v1/invoices', { retryAfterSeconds: 1 });
    // The 11th page of open invoices fails: the sync stops after committing ten pages.
    fake.failAfter('/v1/invoices', 10, 1);
    const waits: number[] = [];
    await expect(runSync(user, account, { sleep: (ms) => (waits.push(ms), Promise.resolve()) })).rejects.toThrow();
    expect(waits).toEqual([1000]);
    const stopped = (await listAccounts(user)).rows[0];
    expect(stopped?.sync).toMatchObject({ status: 'failed', stage: 'open_invoices', stage_number: 2, percent: 25, counts: { customers: 250, invoices: 1000 } });
    expect(stopped?.sync.error).toMatch(/Stripe answered/);

    const before = fake.requests.length;
    await runSync(user, account);
    // It carried on after the last committed invoice rather than starting over.
    const resumed = fake.requests.slice(before).find((r) => r.path === '/v1/invoices');
    expect(resumed?.query.get('status')).toBe('open');
    expect(resumed?.query.get('starting_after')).toMatch(/^in_/);

    const done = (await listAccounts(user)).rows[0];
    expect(done?.sync).toMatchObject({ status: 'completed', percent: 100, stage_number: 4, counts: { customers: 250, invoices: 2501, payments: 1, skipped: 1 } });
    expect(done?.last_synced_at).not.toBeNull();

    const [totals] = await rows<{ customers: number; invoices: number; distinct_ids: number; open: number; owed: number; links: number }>(
      user,
      sql`select (select count(*)::int from customer) as customers,
                 count(*)::int as invoices, count(distinct external_id)::int as distinct_ids,
                 count(*) filter (where status = 'open')::int as open,
                 sum(amount_remaining)::bigint as owed,
                 count(*) filter (where payment_url like 'https://invoice.stripe.example/i/in_%')::int as links
          from invoice where source = 'stripe'`,
    );
    expect(totals).toEqual({ customers: 250, invoices: 2501, distinct_ids: 2501, open: 2500, owed: 250 * (10 * 1000 + 45), links: 2501 });
    const [figures] = await rows<{ overdue: number; multiple: number }>(
      user,
      sql`select sum(amount_overdue)::bigint as overdue, count(*) filter (where standing = 'multiple_missed')::int as multiple from customer`,
    );
    // Every open invoice fell due months ago: all 250 customers have missed several.
    expect(figures).toEqual({ overdue: 250 * 10_045, multiple: 250 });
    const [paid] = await rows<{ amount: number; number: string }>(user, sql`select p.amount, i.number from payment p join invoice i on i.id = p.invoice_id where p.source = 'stripe'`);
    expect(paid).toEqual({ amount: 5000, number: 'BIG-PAID' });

    // Syncing again changes nothing and duplicates nothing.
    await runSync(user, account);
    const [again] = await rows<{ invoices: number; payments: number; contacts: number }>(
      user,
      sql`select (select count(*)::int from invoice) as invoices, (select count(*)::int from payment) as payments, (select count(*)::int from contact) as contacts`,
    );
    expect(again).toEqual({ invoices: 2501, payments: 1, contacts: 250 });
  }, 240_000);

  it('adopts the customers and invoices imported from the sample Stripe CSV export instead of copying them', async () => {
    const user = await env.signUp();
    await importThroughHandler({ orgId: user.orgId, api: user.api, db: env.db.db, jobs, body: readFixture(FIXTURES.stripe) });
    const countAll = () =>
      rows<{ customers: number; invoices: number }>(user, sql`select (select count(*)::int from customer) as customers, (select count(*)::int from invoice) as invoices`);
    const [imported] = await countAll();
    expect(imported).toEqual({ customers: 20, invoices: 53 });

    // The same account as Stripe holds it: the export's customers and invoices, by the same ids.
    const data = fake.account('acct_FromCsv1');
    const lines = readFixture(FIXTURES.stripe).toString('utf8').trim().split(/\r?\n/).slice(1);
    const seen = new Set<string>();
    for (const line of lines) {
      const [id, number, customerId, name, email, due, , , currency, status, issued, dueOn] = line.split(',');
      if (!id || !customerId || !number || !due || !issued || !dueOn) throw new Error(`unexpected line ${line}`);
      if (!seen.has(customerId)) {
        seen.add(customerId);
        data.customers.push(fakeCustomer({ id: customerId, name: name ?? null, email: email ?? null, currency: currency ?? 'gbp' }));
      }
      const created = Math.floor(Date.parse(`${issued.replace(' ', 'T')}Z`) / 1000);
      const dueDate = Math.floor(Date.parse(`${dueOn.replace(' ', 'T')}Z`) / 1000);
      data.invoices.push(fakeInvoice({ id, customer: customerId, number, amountDue: Math.round(Number(due) * 100), status: status === 'paid' ? 'paid' : 'open', created, dueDate, ...(currency ? { currency } : {}) }));
    }
    const account = await connect(user, 'acct_FromCsv1');
    await runSync(user, account);

    const [synced] = await countAll();
    expect(synced).toEqual({ customers: 20, invoices: 53 });
    const refs = await rows<{ stripe: number; csv: number }>(
      user,
      sql`select count(*) filter (where external_ref like 'stripe:cus_%')::int as stripe, count(*) filter (where external_ref like 'csv:%')::int as csv from customer`,
    );
    expect(refs).toEqual([{ stripe: 20, csv: 0 }]);
    const [invoiceRow] = await rows<{ source: string; external_id: string; payment_url: string }>(
      user,
      sql`select source, external_id, payment_url from invoice where number = 'INV-1029'`,
    );
    expect(invoiceRow).toEqual({ source: 'stripe', external_id: 'in_1Q000029Xy', payment_url: 'https://invoice.stripe.example/i/in_1Q000029Xy' });
  }, 120_000);
});

describe('credit notes', () => {
  it('takes a credit note off what is chased once, lists it with the payments as a credit note, and a second sync copies nothing', async () => {
    const user = await env.signUp();
    const data = fake.account('acct_Credit1');
    const now = nowSeconds();
    const customer = fakeCustomer({ id: 'cus_Credit1', name: 'Credited Ltd', email: 'ap@credited.example', currency: 'gbp' });
    const owed = fakeInvoice({ id: 'in_Credit1', customer: customer.id, number: 'CREDIT-1', amountDue: 10_000, status: 'open', created: now - 60 * DAY });
    const settled = fakeInvoice({ id: 'in_Credit2', customer: customer.id, number: 'CREDIT-2', amountDue: 3_000, status: 'paid', created: now - 20 * DAY });
    data.customers.push(customer);
    data.invoices.push(owed, settled);
    data.invoicePayments.push(fakeInvoicePayment(settled, { amount: 3_000, paidAt: now - 15 * DAY }));
    // Stripe takes the credit off the open invoice's amount due: 10,000 less 2,500.
    const credit = creditFakeInvoice(data, owed, { amount: 2_500, at: now - 5 * DAY, id: 'cn_Credit1' });
    expect(owed.amount_due).toBe(7_500);

    const account = await connect(user, 'acct_Credit1');
    await runSync(user, account);
    const [ours] = (await rows<{ id: string }>(user, sql`select id from customer`));
    if (!ours) throw new Error('no customer');
    const expectChasedOnce = async () => {
      const detail = okBody(await user.api<CustomerDetail>('GET', `/api/customers/${ours.id}/`));
      expect(detail).toMatchObject({ amount_overdue: 7_500, balance: { open: 7_500, overdue: 7_500 } });
      const payments = okBody(await user.api<PaymentListResponse>('GET', `/api/customers/${ours.id}/payments/`));
      const listed = payments.rows.map((p) => ({
        kind: p.kind,
        amount: p.amount,
        invoice: p.invoice_number,
        id: p.external_id,
        refunded: p.amount_refunded,
      }));
      expect(listed).toEqual([
        { kind: 'credit_note', amount: 2_500, invoice: 'CREDIT-1', id: credit.id, refunded: 0 },
        { kind: 'payment', amount: 3_000, invoice: 'CREDIT-2', id: data.invoicePayments[0]?.id, refunded: 0 },
      ]);
      // The timeline tells money received: the credit note is not a payment there.
      const timeline = okBody(await user.api<TimelineResponse>('GET', `/api/customers/${ours.id}/timeline`));
      expect(timeline.rows.flatMap((i) => (i.kind === 'payment' ? [i.amount] : []))).toEqual([3_000]);
    };
    await expectChasedOnce();
    // Credit notes are read in the payments stage: the bar still has four stages and counts them with the payments.
    expect((await listAccounts(user)).rows[0]?.sync).toMatchObject({ status: 'completed', percent: 100, stage_count: 4, counts: { invoices: 2, payments: 2 } });

    okBody(await user.api<Account>('POST', `/api/accounts/${account.id}/sync`));
    await runSync(user, account);
    await expectChasedOnce();
    expect(await rows(user, sql`select count(*)::int as n from payment`)).toEqual([{ n: 2 }]);
  });
});

describe('the sync job', () => {
  const jobContext = () => ({ db: env.db.db, now: () => new Date(), log: quietLog, jobs, settings: workerSettings(env.server.config) });

  it('is re-queued by a starting worker when a killed one left it running, and resumes from its cursor without a duplicate', async () => {
    const user = await env.signUp();
    const data = fake.account('acct_Killed1');
    const now = nowSeconds();
    for (let c = 0; c < 30; c++) {
      const customer = fakeCustomer({ name: `Killed Customer ${c}`, email: `ap${c}@killed.example`, currency: 'gbp', created: now - 300 * DAY + c });
      data.customers.push(customer);
      for (let n = 0; n < 10; n++) {
        data.invoices.push(fakeInvoice({ customer: customer.id, number: `KILLED-${c}-${n}`, amountDue: 2_000, status: 'open', created: now - 200 * DAY + c * 10 + n }));
      }
    }
    const account = await connect(user, 'acct_Killed1');
    // Two pages of open invoices commit, then the worker dies: the job's row is left running, at its cursor.
    fake.failAfter('/v1/invoices', 2, 1);
    await expect(runSync(user, account)).rejects.toThrow();
    await withOrg(env.db.db, user.orgId, (tx) => tx.execute(sql`update account set sync_status = 'running', sync_error = null where id = ${account.id}`));
    const [left] = await rows<{ sync_stage: string; sync_cursor: string; invoices: number }>(
      user,
      sql`select sync_stage, sync_cursor, (select count(*)::int from invoice) as invoices from account where id = ${account.id}`,
    );
    expect(left).toMatchObject({ sync_stage: 'open_invoices', invoices: 200 });
    expect(left?.sync_cursor).toMatch(/^in_/);

    const sentBefore = jobs.sent.length;
    await stripeSyncJob.onWorkerStart?.(jobContext());
    const requeued = jobs.sent.slice(sentBefore).filter((j) => j.name === 'stripe.sync' && (j.data as { accountId: string }).accountId === account.id);
    expect(requeued).toEqual([{ name: 'stripe.sync', data: { orgId: user.orgId, accountId: account.id }, options: { singletonKey: account.id } }]);

    const requestsBefore = fake.requests.length;
    await stripeSyncJob.run(jobContext(), { orgId: user.orgId, accountId: account.id });
    const firstRead = fake.requests.slice(requestsBefore).find((r) => r.account === 'acct_Killed1');
    // Straight back to the open invoices after the last committed one: the customers are not read again.
    expect(firstRead).toMatchObject({ path: '/v1/invoices' });
    expect(firstRead?.query.get('starting_after')).toBe(left?.sync_cursor);
    const [totals] = await rows<{ invoices: number; distinct_ids: number; customers: number }>(
      user,
      sql`select count(*)::int as invoices, count(distinct external_id)::int as distinct_ids, (select count(*)::int from customer) as customers from invoice`,
    );
    expect(totals).toEqual({ invoices: 300, distinct_ids: 300, customers: 30 });
    expect((await listAccounts(user)).rows[0]?.sync).toMatchObject({ status: 'completed', percent: 100, counts: { customers: 30, invoices: 300 } });
  });

  it('stops at the next page when the account is disconnected mid-sync, keeping what it committed', async () => {
    const user = await env.signUp();
    const data = fake.account('acct_Unplugged1');
    const now = nowSeconds();
    for (let c = 0; c < 150; c++) data.customers.push(fakeCustomer({ name: `Unplugged ${c}`, email: `ap${c}@unplugged.example`, currency: 'gbp', created: now - 100 * DAY + c }));
    const account = await connect(user, 'acct_Unplugged1');
    // The person disconnects while Stripe is answering the second page of customers.
    fake.holdRequest('/v1/customers', 1, async () => {
      okBody(await user.api<Account>('POST', `/api/accounts/${account.id}/disconnect`));
    });
    const requestsBefore = fake.requests.length;
    const lines: string[] = [];
    const log = { ...quietLog, info: (line: string) => void lines.push(line) };
    await syncAccount({ db: env.db.db, stripe: stripe(), now: () => new Date(), log }, { orgId: user.orgId, accountId: account.id });

    expect(lines).toEqual(['stripe sync of acct_Unplugged1: stopped, the account was disconnected']);
    // The first page stays; the second, read after the disconnection, was not written, and nothing more was read.
    expect(await rows(user, sql`select count(*)::int as n from customer`)).toEqual([{ n: 100 }]);
    expect(fake.requests.slice(requestsBefore).filter((r) => r.account === 'acct_Unplugged1').map((r) => r.path)).toEqual(['/v1/customers', '/v1/customers']);
    expect((await listAccounts(user)).rows[0]).toMatchObject({ status: 'disconnected', disconnected_reason: 'person', sync: { status: null } });
  });
});

describe('webhooks', () => {
  /**
   * An account with a customer and four invoices, one paid and partly refunded, one credited, in
   * its final state in the fake; and a second customer, known here (its `customer.created` is
   * `known`), then deleted in Stripe with an invoice still open.
   */
  function seedWebhookAccount(accountId: string) {
    const data = fake.account(accountId);
    const now = nowSeconds();
    const tail = accountId.slice(-2);
    const customer = fakeCustomer({ id: `cus_Hook${tail}`, name: 'Hook & Sons', email: 'ap@hook.example', currency: 'gbp' });
    const paid = fakeInvoice({ id: `in_HookPaid${tail}`, customer: customer.id, number: `HOOK-1-${accountId}`, amountDue: 12_000, status: 'paid', created: now - 60 * DAY });
    const voided = fakeInvoice({ id: `in_HookVoid${tail}`, customer: customer.id, number: `HOOK-2-${accountId}`, amountDue: 3_000, status: 'void', created: now - 50 * DAY });
    const open = fakeInvoice({ id: `in_HookOpen${tail}`, customer: customer.id, number: `HOOK-3-${accountId}`, amountDue: 4_500, status: 'open', created: now - 45 * DAY });
    const writtenOff = fakeInvoice({ id: `in_HookBad${tail}`, customer: customer.id, number: `HOOK-4-${accountId}`, amountDue: 2_000, status: 'uncollectible', created: now - 40 * DAY });
    const payment = fakeInvoicePayment(paid, { amount: 12_000, paidAt: now - 2 * DAY, id: `inpay_Hook${tail}` });
    const gone = fakeCustomer({ id: `cus_Gone${tail}`, name: 'Gone Ltd', email: 'ap@gone.example', currency: 'gbp' });
    const left = fakeInvoice({ id: `in_GoneOpen${tail}`, customer: gone.id, number: `GONE-1-${accountId}`, amountDue: 1_000, status: 'open', created: now - 45 * DAY });
    const asOpen = (i: Stripe.Invoice) => ({ ...i, status: 'open', amount_paid: 0, amount_remaining: i.amount_due });
    const before = { open: asOpen(open), gone: { ...gone } };
    customer.name = 'Hook & Sons Ltd';
    data.customers.push(customer, gone);
    data.invoices.push(paid, voided, open, writtenOff, left);
    data.invoicePayments.push(payment);
    const refund = refundFakePayment(data, payment, { amount: 2_000, id: `ch_Hook${tail}` });
    const credit = creditFakeInvoice(data, open, { amount: 500, at: now - DAY, id: `cn_Hook${tail}` });
    const known = { id: `evt_${accountId}_known`, type: 'customer.created', object: before.gone };
    const deleteGone = () => deleteFakeCustomer(data, gone.id);
    // What Stripe would send, each with the object as it was then (the app reads the object now).
    const events = [
      { type: 'customer.created', object: { ...customer, name: 'Hook & Sons' } },
      { type: 'invoice.finalized', object: asOpen(paid) },
      { type: 'invoice.finalized', object: asOpen(voided) },
      { type: 'invoice.finalized', object: before.open },
      { type: 'invoice.finalized', object: asOpen(writtenOff) },
      { type: 'invoice.finalized', object: asOpen(left) },
      { type: 'invoice.paid', object: paid },
      { type: 'invoice_payment.paid', object: payment },
      { type: 'invoice.voided', object: voided },
      { type: 'credit_note.created', object: credit },
      { type: 'invoice.updated', object: open },
      { type: 'invoice.marked_uncollectible', object: writtenOff },
      { type: 'customer.updated', object: customer },
      { type: 'charge.refunded', object: refund },
      { type: 'customer.deleted', object: before.gone },
    ].map((e, index) => ({ ...e, id: `evt_${accountId}_${index}` }));
    return { events, known, deleteGone };
  }

  const deliver = (accountId: string, e: { id: string; type: string; object: object }, secret = WEBHOOK_SECRET) => {
    const { body, signature } = signedEvent(secret, { ...e, account: accountId });
    return env.anonymous()('POST', '/api/stripe/webhook', body, { 'content-type': 'application/json', 'stripe-signature': signature });
  };

  /** What a person sees of the organisation's Stripe data, without ids: names, invoices, payments, standing, a deletion in Stripe. */
  const snapshot = (user: SignedUpUser) =>
    rows(
      user,
      sql`select c.name, c.standing, c.amount_overdue, c.stripe_deleted_at is not null as deleted_in_stripe,
                 (select json_agg(json_build_object('number', regexp_replace(i.number, '-acct_.*$', ''), 'status', i.status, 'remaining', i.amount_remaining) order by i.number)
                    from invoice i where i.customer_id = c.id) as invoices,
                 (select json_agg(json_build_object('kind', p.kind, 'amount', p.amount, 'refunded', p.amount_refunded) order by p.amount)
                    from payment p where p.customer_id = c.id) as payments,
                 (select json_agg(ct.email) from contact ct where ct.customer_id = c.id) as contacts,
                 (select count(*)::int from audit_log a where a.customer_id = c.id and a.action = 'customer.stripe_delete') as deletion_notes
          from customer c order by c.name`,
    );

  it('applies a signed event from the object’s current state, refuses a bad signature, and ends the same however often and in whatever order events come', async () => {
    const inOrder = await env.signUp();
    const seededA = seedWebhookAccount('acct_HookA1');
    const inOrderEvents = seededA.events;
    await connect(inOrder, 'acct_HookA1');
    const shuffled = await env.signUp();
    const seededB = seedWebhookAccount('acct_HookB2');
    const shuffledEvents = seededB.events;
    await connect(shuffled, 'acct_HookB2');

    // A bad signature: 400, nothing applied.
    const first = inOrderEvents[0];
    if (!first) throw new Error('no events');
    expectError(await deliver('acct_HookA1', first, 'whsec_not_ours'), 400, 'VALIDATION_FAILED', 'stripe-signature');
    const unsigned = await env.anonymous()('POST', '/api/stripe/webhook', JSON.stringify({ id: 'evt_x' }), { 'content-type': 'application/json' });
    expectError(unsigned, 400, 'VALIDATION_FAILED', 'stripe-signature');
    expect(await snapshot(inOrder)).toEqual([]);
    // An event type it does not apply is recorded and acknowledged; Stripe is not read for it.
    const readsBefore = fake.requests.length;
    expect((await deliver('acct_HookA1', { id: 'evt_HookA1_other', type: 'payment_intent.created', object: { id: 'pi_Other', object: 'payment_intent' } })).body).toEqual({
      received: true,
      outcome: 'ignored',
    });
    expect(fake.requests.length).toBe(readsBefore);

    // Both organisations knew the second customer before Stripe deleted it.
    expect((await deliver('acct_HookA1', seededA.known)).body).toMatchObject({ outcome: 'applied' });
    expect((await deliver('acct_HookB2', seededB.known)).body).toMatchObject({ outcome: 'applied' });
    seededA.deleteGone();
    seededB.deleteGone();

    for (const e of inOrderEvents) {
      const res = await deliver('acct_HookA1', e);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ received: true, outcome: 'applied' });
    }
    const expected = [
      {
        // Deleted in Stripe: kept with its open invoice and its standing, marked once, no longer synced.
        name: 'Gone Ltd',
        standing: 'single_missed',
        amount_overdue: 1_000,
        deleted_in_stripe: true,
        invoices: [{ number: 'GONE-1', status: 'open', remaining: 1_000 }],
        payments: null,
        contacts: ['ap@gone.example'],
        deletion_notes: 1,
      },
      {
        name: 'Hook & Sons Ltd',
        standing: 'single_missed',
        // The credit note came off the open invoice once: 4,500 less 500.
        amount_overdue: 4_000,
        deleted_in_stripe: false,
        invoices: [
          { number: 'HOOK-1', status: 'paid', remaining: 0 },
          { number: 'HOOK-2', status: 'void', remaining: 0 },
          { number: 'HOOK-3', status: 'open', remaining: 4_000 },
          { number: 'HOOK-4', status: 'uncollectible', remaining: 0 },
        ],
        payments: [
          { kind: 'credit_note', amount: 500, refunded: 0 },
          // Refunded 2,000 of 12,000: the invoice stays paid, as Stripe has it; the payment shows what was given back.
          { kind: 'payment', amount: 12_000, refunded: 2_000 },
        ],
        contacts: ['ap@hook.example'],
        deletion_notes: 0,
      },
    ];
    expect(await snapshot(inOrder)).toEqual(expected);
    // The deletion is on the customer's timeline, and the refund and the credit note in its payments.
    const [gone, hook] = await rows<{ id: string }>(inOrder, sql`select id from customer order by name`);
    const timeline = okBody(await inOrder.api<TimelineResponse>('GET', `/api/customers/${gone?.id ?? ''}/timeline`));
    expect(timeline.rows.flatMap((i) => (i.kind === 'edit' ? [i.action] : []))).toEqual(['customer.stripe_delete']);
    const payments = okBody(await inOrder.api<PaymentListResponse>('GET', `/api/customers/${hook?.id ?? ''}/payments/`));
    // Newest first: the credit note (yesterday), then the payment (two days ago).
    expect(payments.rows.map((p) => [p.kind, p.amount, p.amount_refunded])).toEqual([
      ['credit_note', 500, 0],
      ['payment', 12_000, 2_000],
    ]);

    // Every event three times, shuffled (a fixed shuffle, so a failure can be replayed).
    const deliveries = [...shuffledEvents, ...shuffledEvents, ...shuffledEvents];
    let seed = 7;
    for (let i = deliveries.length - 1; i > 0; i--) {
      seed = (seed * 16_807) % 2_147_483_647;
      const j = seed % (i + 1);
      [deliveries[i], deliveries[j]] = [deliveries[j] as (typeof deliveries)[number], deliveries[i] as (typeof deliveries)[number]];
    }
    const outcomes: string[] = [];
    for (const e of deliveries) {
      const res = await deliver('acct_HookB2', e);
      expect(res.status, res.text).toBe(200);
      outcomes.push((res.body as { outcome: string }).outcome);
    }
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(shuffledEvents.length);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(2 * shuffledEvents.length);
    expect(await snapshot(shuffled)).toEqual(expected);
  });

  it('drives debt_paid when the last overdue invoice is paid, ignores accounts it does not know, and disconnects on deauthorization', async () => {
    const user = await env.signUp();
    const data = fake.account('acct_Pay1');
    const now = nowSeconds();
    const customer = fakeCustomer({ id: 'cus_Payer1', name: 'Late Payer', email: 'ap@late.example', currency: 'gbp' });
    const invoice = fakeInvoice({ id: 'in_Late1', customer: customer.id, number: 'LATE-1', amountDue: 9_900, status: 'open', created: now - 60 * DAY });
    data.customers.push(customer);
    data.invoices.push(invoice);
    const account = await connect(user, 'acct_Pay1');
    await runSync(user, account);
    expect(await rows(user, sql`select standing from customer`)).toEqual([{ standing: 'single_missed' }]);

    Object.assign(invoice, { status: 'paid', amount_paid: 9_900, amount_remaining: 0 });
    expect((await deliver('acct_Pay1', { id: 'evt_Pay1_paid', type: 'invoice.paid', object: invoice })).body).toEqual({ received: true, outcome: 'applied' });
    expect(await rows(user, sql`select standing, amount_overdue from customer`)).toEqual([{ standing: 'in_good_standing', amount_overdue: 0 }]);
    expect(await rows(user, sql`select "from", "to", reason from standing_transition order by at desc limit 1`)).toEqual([
      { from: 'single_missed', to: 'in_good_standing', reason: 'debt_paid' },
    ]);

    // An account nobody here connected: acknowledged, nothing applied.
    expect((await deliver('acct_Nobody9', { id: 'evt_Nobody', type: 'invoice.paid', object: invoice })).body).toEqual({ received: true, outcome: 'ignored' });

    const deauthorized = await deliver('acct_Pay1', { id: 'evt_Pay1_deauth', type: 'account.application.deauthorized', object: { id: 'ca_app', object: 'application' } });
    expect(deauthorized.body).toEqual({ received: true, outcome: 'applied' });
    expect((await listAccounts(user)).rows[0]).toMatchObject({ status: 'disconnected', disconnected_reason: 'deauthorized' });
    // Disconnected: its events are no longer applied, and syncing it reads nothing.
    expect((await deliver('acct_Pay1', { id: 'evt_Pay1_late', type: 'invoice.updated', object: invoice })).body).toEqual({ received: true, outcome: 'ignored' });
    expectError(await user.api('POST', `/api/accounts/${account.id}/sync`), 422, 'DOMAIN_RULE', 'id');
    // What it brought in stays.
    expect(await rows(user, sql`select count(*)::int as n from invoice`)).toEqual([{ n: 1 }]);
  });
});

describe('accounts', () => {
  it('syncs again by hand, refuses a second sync while one is queued, disconnects keeping history, and is another organisation’s 404', async () => {
    const user = await env.signUp();
    const data = fake.account('acct_Hand1');
    data.customers.push(fakeCustomer({ name: 'By Hand Ltd', email: 'ap@hand.example', currency: 'gbp' }));
    const account = await connect(user, 'acct_Hand1');
    expectError(await user.api('POST', `/api/accounts/${account.id}/sync`), 409, 'CONFLICT', 'id');
    await runSync(user, account);
    const again = await user.api<Account>('POST', `/api/accounts/${account.id}/sync`);
    expect(again.status, again.text).toBe(202);
    expect(again.body.sync).toMatchObject({ status: 'queued', percent: 0 });
    await runSync(user, account);

    const other = await env.signUp();
    expectError(await other.api('POST', `/api/accounts/${account.id}/sync`), 404, 'NOT_FOUND');
    expectError(await other.api('POST', `/api/accounts/${account.id}/disconnect`), 404, 'NOT_FOUND');

    const gone = okBody(await user.api<Account>('POST', `/api/accounts/${account.id}/disconnect`));
    expect(gone).toMatchObject({ status: 'disconnected', disconnected_reason: 'person' });
    expect(await rows(user, sql`select name from customer`)).toEqual([{ name: 'By Hand Ltd' }]);
    expect((await listAccounts(user)).rows).toHaveLength(1);
    expectError(await user.api('GET', '/api/accounts/?status=paused'), 400, 'VALIDATION_FAILED', 'status');
  });

  it('documents the Stripe and account routes in the OpenAPI document', async () => {
    const res = await env.anonymous()<{ paths: Record<string, Record<string, { tags?: string[] }>> }>('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const stripeRoutes = Object.entries(res.body.paths)
      .filter(([path]) => path.startsWith('/api/stripe/') || path.startsWith('/api/accounts/'))
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, tags: operation.tags })));
    expect(stripeRoutes.map((r) => r.route).sort()).toEqual([
      'GET /api/accounts/',
      'POST /api/accounts/{id}/disconnect',
      'POST /api/accounts/{id}/sync',
      'POST /api/stripe/complete/',
      'POST /api/stripe/connect/',
      'POST /api/stripe/webhook',
    ]);
    expect(stripeRoutes.every((r) => r.tags?.includes('stripe'))).toBe(true);
  });
});
