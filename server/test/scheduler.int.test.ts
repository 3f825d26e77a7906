import type { CustomerBulkResult, EventDetail, Invoice, Workflow, WorkflowListResponse, WorkflowPreview } from '@receivables/contracts';
import { inArray, min } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';


import { customer, event } from '../src/db/schema';
import { scheduleOrganisations } from '../src/jobs/chasing-schedule.job';
import { HORIZON_MS } from '../src/modules/scheduling/plan-customer';
import { scheduleOrganisation } from '../src/modules/scheduling/schedule-organisation';

import { useIntegrationEnv } from './integration-env';
import { insertWorkflow, readEvents, setChasingSettings } from './scheduling-helpers';
import { type ApiClient, insertContact, insertCustomer, insertInvoice, isoDay, type RecordingJobQueue, refreshCustomerFigures, type SignedUpUser, withOrg } from './support';

const env = useIntegrationEnv();
let user: SignedUpUser;
let api: ApiClient;
let templates: Map<string, string>;
let standard: Workflow;

beforeAll(async () => {
  user = await env.signUp();
  api = user.api;
  const list = (await api<{ rows: { id: string; name: string }[] }>('GET', '/api/emails/')).body.rows;
  templates = new Map(list.map((t) => [t.name, t.id]));
  const workflows = (await api<WorkflowListResponse>('GET', '/api/workflows/')).body.rows;
  standard = workflows.find((w) => w.is_default) ?? workflows[0] ?? ({} as Workflow);
});

const template = (name: string): string => templates.get(name) ?? '';

/** A customer with a primary contact, and its first overdue invoice posted through the API. */
async function overdueCustomer(name = `Owes ${crypto.randomUUID().slice(0, 6)}`): Promise<{ id: string; invoice: Invoice }> {
  const c = await insertCustomer(env.db.db, user.orgId, { name });
  await insertContact(env.db.db, user.orgId, c.id, { role: 'primary', name: 'Accounts', email: `ap-${c.id.slice(0, 6)}@example.com` });
  const res = await api<Invoice>('POST', '/api/invoices/', {
    customer_id: c.id,
    number: `INV-${crypto.randomUUID().slice(0, 8)}`,
    currency: 'GBP',
    amount_due: 120_000,
    issued_on: isoDay(-40),
    due_date: isoDay(-3),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: c.id, invoice: res.body };
}

const pending = async (customerId: string) => (await readEvents(env.db.db, user.orgId, customerId)).filter((e) => e.status === 'pending');

/** What the scheduler's pass does when the job the API sent runs. */
async function runSentPass(): Promise<void> {
  const jobs = env.server.jobs as RecordingJobQueue;
  const sent = jobs.sent.splice(0).filter((j) => j.name === 'chasing.schedule');
  expect(sent.map((j) => j.data)).toContainEqual({ orgId: user.orgId });
  await scheduleOrganisations({ db: env.db.db, now: () => new Date() }, user.orgId);
}

describe('the scheduler reconciles a customer in the same request as the change', () => {
  it('plans an invoice gone overdue at once — the very emails the preview shows within 14 days — and supersedes them when it is paid', async () => {
    const c = await overdueCustomer();
    const events = await pending(c.id);
    expect(events.length).toBeGreaterThan(0);

    const preview = (await api<WorkflowPreview>('POST', `/api/workflows/${standard.id}/preview/${c.id}/`)).body;
    const horizon = Date.now() + HORIZON_MS;
    const previewed = preview.steps.filter((s) => s.problem === null && Date.parse(s.send_at) <= horizon);
    const fromPreview = previewed.map((s) => [s.action_id, s.send_at, s.due_day, s.deferred, s.to, s.cc, s.subject, s.html, s.text]);
    // Only the subject is stored with a planned email; its detail renders the body as the preview does (decision 0020).
    const shown = await Promise.all(events.map(async (e) => (await api<EventDetail>('GET', `/api/events/${e.id}/`)).body));
    const fromEvents = events.map((e, i) => {
      const detail = shown[i];
      return [e.actionId, e.scheduledFor, e.dueDay, e.deferred, e.to, e.cc, e.subject, detail?.html, detail?.text];
    });
    expect(fromEvents).toEqual(fromPreview);
    expect(events.map((e) => [e.html, e.text])).toEqual(events.map(() => [null, null]));
    for (const e of events) expect(e.history.map((h) => [h.status, h.reason, h.actorId])).toEqual([['pending', null, null]]);

    const paid = await api('POST', '/api/payments/', { customer_id: c.id, invoice_id: c.invoice.id, amount: 120_000, currency: 'GBP' });
    expect(paid.status).toBe(201);
    const after = await readEvents(env.db.db, user.orgId, c.id);
    expect(after.map((e) => [e.id, e.status, e.reason])).toEqual(events.map((e) => [e.id, 'superseded', 'debt_paid']));
    expect(after[0]?.history.map((h) => `${h.status}:${h.reason ?? ''}`)).toEqual(['pending:', 'superseded:debt_paid']);
  });

  it('supersedes with debt_voided when the last overdue invoice is voided, and plans again when another falls due', async () => {
    const c = await overdueCustomer();
    expect((await api('PUT', `/api/invoices/${c.invoice.id}/`, { status: 'void' })).status).toBe(200);
    expect(new Set((await readEvents(env.db.db, user.orgId, c.id)).map((e) => `${e.status}:${e.reason}`))).toEqual(new Set(['superseded:debt_voided']));
    expect(await pending(c.id)).toEqual([]);

    const again = await api<Invoice>('POST', '/api/invoices/', {
      customer_id: c.id, number: `INV-${crypto.randomUUID().slice(0, 8)}`, currency: 'GBP', amount_due: 5_000, issued_on: isoDay(-20), due_date: isoDay(-1),
    });
    expect(again.status).toBe(201);
    expect((await pending(c.id)).length).toBeGreaterThan(0);
  });

  it('supersedes on pause, and on resume plans the workflow again from its first step, in a new episode', async () => {
    const c = await overdueCustomer();
    const before = await pending(c.id);
    expect((await api('POST', `/api/customers/${c.id}/pause`, { until: null })).status).toBe(200);
    const paused = await readEvents(env.db.db, user.orgId, c.id);
    expect(paused.map((e) => [e.status, e.reason])).toEqual(before.map(() => ['superseded', 'paused']));

    expect((await api('POST', `/api/customers/${c.id}/resume`)).status).toBe(200);
    const resumed = await pending(c.id);
    expect(resumed.map((e) => e.actionId)).toEqual(before.map((e) => e.actionId));
    expect(resumed.some((e) => before.some((b) => b.dedupeKey === e.dedupeKey))).toBe(false);
  });

  it('counts every workflow\'s reminders under the weekly cap when a customer moves workflow mid-week', async () => {
    const a = await insertWorkflow(env.db.db, user.orgId, [{ standing: 'single_missed', delay: 3, emailId: template('Checking in') }]);
    const b = await insertWorkflow(env.db.db, user.orgId, [{ standing: 'single_missed', delay: 0, emailId: template('Firm reminder') }]);
    const c = await overdueCustomer();
    // Two reminders of the default workflow went out in the last days (as the sender would have recorded them).
    const sentAt = [new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 86_400_000)];
    await withOrg(env.db.db, user.orgId, (tx) =>
      tx.insert(event).values(sentAt.map((at) => ({ orgId: user.orgId, customerId: c.id, direction: 'outbox' as const, status: 'success' as const, workflowId: standard.id, scheduledFor: at, sentAt: at }))));

    expect((await api('PUT', `/api/customers/${c.id}/`, { workflow_id: a.id })).status).toBe(200);
    const [onA] = await pending(c.id);
    expect(onA?.workflowId).toBe(a.id);

    const moved = await api<CustomerBulkResult>('POST', '/api/customers/bulk', { customer_ids: [c.id], action: { type: 'assign_workflow', workflow_id: b.id } });
    expect(moved.body.updated).toBe(1);
    const events = await readEvents(env.db.db, user.orgId, c.id);
    expect(events.find((e) => e.id === onA?.id)).toMatchObject({ status: 'superseded', reason: 'workflow_changed' });
    const onB = events.filter((e) => e.status === 'pending');
    expect(onB.map((e) => e.workflowId)).toEqual([b.id]);
    // Due today, but two went out in the last seven days: it waits until the older one is a week old.
    expect(Date.parse(onB[0]?.scheduledFor ?? '')).toBeGreaterThanOrEqual((sentAt[0]?.getTime() ?? 0) + 7 * 86_400_000);
    expect(onB[0]?.deferred).toContain('weekly_cap');
  });
});

describe('a change to a workflow reconciles its customers through the organisation\'s pass', () => {
  it('supersedes on disable, plans the same emails again on enable, and supersedes a removed step', async () => {
    const wf = await insertWorkflow(env.db.db, user.orgId, [
      { standing: 'single_missed', delay: 2, emailId: template('Friendly reminder') },
      { standing: 'single_missed', delay: 5, emailId: template('Firm reminder') },
    ]);
    const c = await overdueCustomer();
    expect((await api('PUT', `/api/customers/${c.id}/`, { workflow_id: wf.id })).status).toBe(200);
    const planned = await pending(c.id);
    expect(planned.map((e) => e.actionId)).toEqual(wf.actions);

    expect((await api('PUT', '/api/workflows/', { id: wf.id, enabled: false })).status).toBe(200);
    await runSentPass();
    expect((await readEvents(env.db.db, user.orgId, c.id)).filter((e) => e.workflowId === wf.id).map((e) => e.reason)).toEqual(['workflow_disabled', 'workflow_disabled']);

    expect((await api('PUT', '/api/workflows/', { id: wf.id, enabled: true })).status).toBe(200);
    await runSentPass();
    const back = await pending(c.id);
    expect(back.map((e) => [e.id, e.scheduledFor])).toEqual(planned.map((e) => [e.id, e.scheduledFor]));
    expect(back[0]?.history.map((h) => `${h.status}:${h.reason ?? ''}`)).toEqual(['pending:', 'superseded:workflow_disabled', 'pending:']);

    expect((await api('DELETE', `/api/workflows/action/${wf.actions[1] ?? ''}/`)).status).toBe(204);
    await runSentPass();
    const events = (await readEvents(env.db.db, user.orgId, c.id)).filter((e) => e.workflowId === wf.id);
    expect(events.map((e) => [e.actionId, e.status, e.reason])).toEqual([
      [wf.actions[0], 'pending', null],
      [null, 'superseded', 'step_removed'],
    ]);
  });

  it('sends the pass when the chasing settings change, and moves planned emails to the new send window', async () => {
    const c = await overdueCustomer();
    const before = await pending(c.id);
    const res = await api('PUT', '/api/settings/chasing', {
      send_window_start: '14:00', send_window_end: '16:00', working_days: [1, 2, 3, 4, 5], weekly_cap: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runSentPass();
    const after = await pending(c.id);
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    for (const e of after) {
      const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(new Date(e.scheduledFor ?? ''));
      expect(['14', '15']).toContain(hour);
      expect(e.history).toHaveLength(1);
    }
  });

  it('supersedes every planned email when sending is disabled, and plans them again when it is not', async () => {
    const c = await overdueCustomer();
    const before = await pending(c.id);
    await setChasingSettings(env.db.db, user.orgId, { sendingMode: 'disabled' });
    await scheduleOrganisations({ db: env.db.db, now: () => new Date() }, user.orgId);
    const disabled = await readEvents(env.db.db, user.orgId, c.id);
    expect(disabled.map((e) => [e.status, e.reason])).toEqual(before.map(() => ['superseded', 'sending_disabled']));
    await setChasingSettings(env.db.db, user.orgId, { sendingMode: 'dryrun' });
    await scheduleOrganisations({ db: env.db.db, now: () => new Date() }, user.orgId);
    expect((await pending(c.id)).map((e) => e.id)).toEqual(before.map((e) => e.id));
  });
});

describe('the hourly pass', () => {
  it('reads only the customers whose plan may have changed: none right after planning, one whose standing moved, and each whose review has come', async () => {
    const other = await env.signUp();
    const owing = async (name: string) => {
      const c = await insertCustomer(env.db.db, other.orgId, { name });
      await insertContact(env.db.db, other.orgId, c.id, { role: 'primary', name: 'Accounts', email: `ap-${c.id.slice(0, 6)}@example.com` });
      await insertInvoice(env.db.db, other.orgId, c.id, { amountDue: 50_000, issuedOn: isoDay(-40), dueDate: isoDay(-3) });
      return c.id;
    };
    const [a, b] = [await owing('Ashdown Ltd'), await owing('Birch & Co')];
    await refreshCustomerFigures(env.db.db, other.orgId);
    const hourly = (at: Date) => scheduleOrganisation(env.db.db, other.orgId, at, { onlyDue: true });

    const now = new Date();
    const first = await hourly(now);
    expect(first.customers).toBe(2);
    expect(first.created).toBeGreaterThan(0);
    expect((await hourly(now)).customers).toBe(0);

    // A second invoice falls due for one of them: its standing moves on, and only it is read.
    await insertInvoice(env.db.db, other.orgId, b, { amountDue: 20_000, issuedOn: isoDay(-40), dueDate: isoDay(-1) });
    await refreshCustomerFigures(env.db.db, other.orgId);
    const moved = await hourly(now);
    expect(moved.customers).toBe(1);
    expect(moved.superseded).toBeGreaterThan(0);

    // At the first review time a customer is read again, and not a minute before.
    const [earliest] = await withOrg(env.db.db, other.orgId, (tx) =>
      tx.select({ at: min(customer.planReviewAt) }).from(customer).where(inArray(customer.id, [a, b])));
    const reviewAt = earliest?.at;
    if (!reviewAt) throw new Error('customers with steps ahead have a review time');
    expect((await hourly(new Date(reviewAt.getTime() - 60_000))).customers).toBe(0);
    expect((await hourly(reviewAt)).customers).toBeGreaterThanOrEqual(1);
  });
});
