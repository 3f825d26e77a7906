import {
  addDays,
  type AuditListResponse,
  CALENDAR_EMAILS_MAX,
  type ChaseCalendar,
  chaseCalendarSchema,
  type EmailTemplate,
  type EmailTemplateListResponse,
  type EventDetail,
  eventDetailSchema,
  type EventListResponse,
  eventListResponseSchema,
  type EventRow,
  organisationToday,
  type TimelineResponse,
  timelineResponseSchema,
  type Workflow,
} from '@receivables/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { orgSettings } from '../src/db/schema';

import { useIntegrationEnv } from './integration-env';
import {
  expectError,
  insertContact,
  insertCustomer,
  insertEvent,
  insertInvoice,
  isoDay,
  refreshCustomerFigures,
  type SignedUpUser,
  withOrg,
} from './support';

const env = useIntegrationEnv();
// Sign-ups are rate limited: one organisation per concern, shared by the tests of that concern.
const ZONE = 'Pacific/Kiritimati';
let lists: SignedUpUser;
let emails: SignedUpUser;
let ahead: SignedUpUser;
let other: SignedUpUser;

beforeAll(async () => {
  lists = await env.signUp();
  emails = await env.signUp();
  ahead = await orgIn(ZONE);
  other = await env.signUp();
});

const HOUR = 3_600_000;
const inHours = (hours: number): Date => new Date(Date.now() + hours * HOUR);
const ids = (res: { body: { rows: { id: string }[] } }) => res.body.rows.map((r) => r.id);

async function userName(userId: string): Promise<string> {
  const { rows } = await env.db.pool.query<{ name: string }>('select name from auth_user where id = $1', [userId]);
  return rows[0]?.name ?? '';
}

async function orgIn(timeZone: string): Promise<SignedUpUser> {
  const user = await env.signUp();
  await withOrg(env.db.db, user.orgId, (tx) => tx.update(orgSettings).set({ timezone: timeZone }).where(eq(orgSettings.orgId, user.orgId)));
  return user;
}

/** A customer owing one overdue invoice (INV-9), with a primary and an escalation contact. */
async function lateCustomer(user: SignedUpUser, name: string) {
  const c = await insertCustomer(env.db.db, user.orgId, { name });
  await insertContact(env.db.db, user.orgId, c.id, { name: 'Pat Primary', email: 'pat@late.example', role: 'primary' });
  await insertContact(env.db.db, user.orgId, c.id, { name: 'Esme Boss', email: 'esme@late.example', role: 'escalation' });
  await insertInvoice(env.db.db, user.orgId, c.id, { amountDue: 50_000, dueDate: isoDay(-9), number: `INV-9-${c.id.slice(0, 4)}` });
  await refreshCustomerFigures(env.db.db, user.orgId);
  return c;
}

describe('GET /api/events/', () => {
  let user: SignedUpUser;
  let a: string;
  let b: string;
  const e: Record<string, string> = {};

  beforeAll(async () => {
    user = lists;
    const db = env.db.db;
    a = (await insertCustomer(db, user.orgId, { name: 'Alpha Ltd' })).id;
    b = (await insertCustomer(db, user.orgId, { name: 'Beta plc' })).id;
    e.aPlanned = (await insertEvent(db, user.orgId, a, { subject: 'Planned for Alpha', scheduledFor: inHours(72), toAddresses: [{ name: 'Al', email: 'al@alpha.example' }] })).id;
    e.aSuperseded = (await insertEvent(db, user.orgId, a, { status: 'superseded', statusReason: 'debt_paid', scheduledFor: inHours(24) })).id;
    e.aSent = (await insertEvent(db, user.orgId, a, { status: 'success', subject: 'Sent to Alpha', scheduledFor: inHours(-49), sentAt: inHours(-48) })).id;
    e.aReply = (await insertEvent(db, user.orgId, a, { direction: 'inbox', subject: 'Re: Sent to Alpha', sentAt: inHours(-24) })).id;
    e.bPlanned = (await insertEvent(db, user.orgId, b, { scheduledFor: inHours(120), deferred: ['weekly_cap'] })).id;
  });

  it('opens on the outbox, what goes next first (planned, soonest first), then the rest newest first, with its customer named', async () => {
    const res = await user.api<EventListResponse>('GET', '/api/events/');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = eventListResponseSchema.parse(res.body);
    expect(body.total).toBe(4);
    expect(ids(res)).toEqual([e.aPlanned, e.bPlanned, e.aSuperseded, e.aSent]);
    expect(body.rows[1]).toMatchObject({ customer_name: 'Beta plc', status: 'pending', subject: '(no subject)', deferred: ['weekly_cap'] });
    expect(body.rows[0]).toMatchObject({ customer_name: 'Alpha Ltd', subject: 'Planned for Alpha', to: [{ name: 'Al', email: 'al@alpha.example' }] });
    expect(body.rows[2]).toMatchObject({ status: 'superseded', status_reason: 'debt_paid' });
    // `at`: sent, else planned, else recorded.
    expect(body.rows[3]?.at).toBe(body.rows[3]?.sent_at);
    expect(body.rows[0]?.at).toBe(body.rows[0]?.scheduled_for);
  });

  it('shows replies in the inbox and everything under all: what happened newest first, then what is still to go', async () => {
    expect(ids(await user.api('GET', '/api/events/?tab=inbox'))).toEqual([e.aReply]);
    const all = await user.api<EventListResponse>('GET', '/api/events/?tab=all');
    expect(all.body.total).toBe(5);
    expect(ids(all)).toEqual([e.aSuperseded, e.aReply, e.aSent, e.aPlanned, e.bPlanned]);
  });

  it('narrows to one customer and one status, and pages with the total of every match', async () => {
    expect(ids(await user.api('GET', `/api/events/?tab=all&customer_id=${a}`))).toEqual([e.aSuperseded, e.aReply, e.aSent, e.aPlanned]);
    expect(ids(await user.api('GET', '/api/events/?status=pending'))).toEqual([e.aPlanned, e.bPlanned]);
    const page = await user.api<EventListResponse>('GET', '/api/events/?limit=2&offset=2');
    expect(ids(page)).toEqual([e.aSuperseded, e.aSent]);
    expect(page.body.total).toBe(4);
    const past = await user.api<EventListResponse>('GET', '/api/events/?offset=50');
    expect(past.body).toEqual({ rows: [], total: 4 });
  });

  it('narrows to the emails one workflow planned, and refuses a workflow that is not an id', async () => {
    const own = await env.signUp();
    const [standard] = (await own.api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows;
    const gentle = (await own.api<Workflow>('POST', '/api/workflows/', { name: 'Gentle' })).body;
    const c = await insertCustomer(env.db.db, own.orgId, { name: 'Gamma Ltd' });
    const byStandard = await insertEvent(env.db.db, own.orgId, c.id, { scheduledFor: inHours(24), workflowId: standard?.id ?? null });
    const byGentle = await insertEvent(env.db.db, own.orgId, c.id, { scheduledFor: inHours(48), workflowId: gentle.id });
    expect(ids(await own.api('GET', `/api/events/?workflow_id=${gentle.id}`))).toEqual([byGentle.id]);
    expect(ids(await own.api('GET', `/api/events/?tab=all&workflow_id=${standard?.id ?? ''}`))).toEqual([byStandard.id]);
    // Another organisation's workflow matches none of these.
    expect((await own.api<EventListResponse>('GET', `/api/events/?workflow_id=${(await user.api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows[0]?.id ?? ''}`)).body.total).toBe(0);
    expectError(await own.api('GET', '/api/events/?workflow_id=gentle'), 400, 'VALIDATION_FAILED', 'workflow_id');
  });

  it('shows another organisation none of it, even asked by customer', async () => {
    expect((await other.api<EventListResponse>('GET', '/api/events/?tab=all')).body).toEqual({ rows: [], total: 0 });
    expect((await other.api<EventListResponse>('GET', `/api/events/?tab=all&customer_id=${a}`)).body.total).toBe(0);
  });

  it.each([
    ['tab=spam', 'tab'],
    ['status=sent', 'status'],
    ['customer_id=nope', 'customer_id'],
    ['from=2026-02-30', 'from'],
    ['to=1899-12-31', 'to'],
    ['from=2026-03-02&to=2026-03-01', 'to'],
    ['limit=0', 'limit'],
    ['offset=-1', 'offset'],
  ])('answers 400 for %s, naming %s', async (query, field) => {
    expectError(await user.api('GET', `/api/events/?${query}`), 400, 'VALIDATION_FAILED', field);
  });
});

describe('GET /api/events/ by days', () => {
  it('counts whole days of the organisation’s own zone, both ends included', async () => {
    // 10:30 UTC on 10 March is already 00:30 on 11 March in Kiritimati (UTC+14).
    const user = ahead;
    const c = await insertCustomer(env.db.db, user.orgId);
    const early = await insertEvent(env.db.db, user.orgId, c.id, { status: 'success', sentAt: new Date('2026-03-10T10:30:00Z') });
    const late = await insertEvent(env.db.db, user.orgId, c.id, { status: 'success', sentAt: new Date('2026-03-11T09:59:00Z') });
    await insertEvent(env.db.db, user.orgId, c.id, { status: 'success', sentAt: new Date('2026-03-11T10:00:00Z') });
    await insertEvent(env.db.db, user.orgId, c.id, { status: 'success', sentAt: new Date('2026-03-10T09:59:00Z') });
    expect(ids(await user.api('GET', '/api/events/?from=2026-03-11&to=2026-03-11'))).toEqual([late.id, early.id]);
    expect((await user.api<EventListResponse>('GET', '/api/events/?from=2026-03-11&to=2026-03-31')).body.total).toBe(3);
    expect((await user.api<EventListResponse>('GET', '/api/events/?to=2026-03-10')).body.total).toBe(1);
  });
});

describe('GET /api/events/{id}/', () => {
  let user: SignedUpUser;
  let standard: Workflow;

  beforeAll(async () => {
    user = emails;
    const workflows = (await user.api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows;
    standard = workflows.find((w) => w.is_default) ?? workflows[0]!;
  });

  it('renders a planned email afresh from today’s figures and contacts, as the preview does', async () => {
    const c = await lateCustomer(user, 'Live Render Ltd');
    const action = standard.actions.find((x) => x.kind === 'regular_email')!;
    const planned = await insertEvent(env.db.db, user.orgId, c.id, {
      emailId: action.email_id,
      workflowId: standard.id,
      workflowActionId: action.id,
      standing: 'single_missed',
      dueDay: isoDay(2),
      scheduledFor: inHours(50),
      subject: 'Stale subject',
      html: '<p>stale</p>',
      text: 'stale',
      toAddresses: [{ name: 'Old Contact', email: 'old@late.example' }],
    });
    const res = await user.api<EventDetail>('GET', `/api/events/${planned.id}/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = eventDetailSchema.parse(res.body);
    expect(detail).toMatchObject({
      live_render: true,
      can_cancel: true,
      status: 'pending',
      customer_name: 'Live Render Ltd',
      email_name: action.email_name,
      workflow: { id: standard.id, name: standard.name },
      standing: 'single_missed',
      due_day: isoDay(2),
      to: [{ name: 'Pat Primary', email: 'pat@late.example' }],
      cc: [],
      problem: null,
    });
    expect(detail.subject).not.toBe('Stale subject');
    expect(detail.text).toContain(`INV-9-${c.id.slice(0, 4)}`);
    expect(detail.text).toContain('£500.00');
    expect(detail.html).toContain(`INV-9-${c.id.slice(0, 4)}`);
    expect(detail.history).toEqual([{ status: 'pending', reason: null, actor_id: null, actor_name: null, at: planned.createdAt.toISOString() }]);
  });

  it('shows a planned email as stored once its template is gone, and says what cannot be sent', async () => {
    const c = await insertCustomer(env.db.db, user.orgId, { name: 'No Contact Co' });
    const created = await user.api<EmailTemplate>('POST', '/api/emails/', {
      name: `Short-lived ${crypto.randomUUID().slice(0, 6)}`,
      tone: 'firm',
      kind: 'escalation_email',
      variation: 'none',
      subject: 'About {{ customer_name }}',
      body: '<p>Dear {{ contact_name }}</p>',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const planned = await insertEvent(env.db.db, user.orgId, c.id, { emailId: created.body.id, kind: 'escalation_email', subject: 'As planned', html: '<p>As planned</p>', text: 'As planned' });
    const live = (await user.api<EventDetail>('GET', `/api/events/${planned.id}/`)).body;
    expect(live).toMatchObject({ live_render: true, subject: 'About No Contact Co', to: [], problem: 'The customer has no contact to escalate to' });

    expect((await user.api('DELETE', `/api/emails/${created.body.id}/`)).status).toBe(204);
    const stored = (await user.api<EventDetail>('GET', `/api/events/${planned.id}/`)).body;
    expect(stored).toMatchObject({ live_render: false, can_cancel: true, subject: 'As planned', html: '<p>As planned</p>', text: 'As planned', email_name: null });
  });

  it('shows a sent email as it was sent, with its history in order and who did what', async () => {
    const c = await lateCustomer(user, 'Sent Already Ltd');
    const action = standard.actions[0]!;
    const sent = await insertEvent(env.db.db, user.orgId, c.id, {
      status: 'success',
      emailId: action.email_id,
      scheduledFor: inHours(-2),
      sentAt: inHours(-1),
      subject: 'What went out',
      html: '<p>What went out</p>',
      text: 'What went out',
      fromAddress: 'Acme <ar@acme.example>',
      toAddresses: [{ name: null, email: 'then@late.example' }],
      ccAddresses: [{ name: 'Copy', email: 'copy@late.example' }],
      history: [
        { status: 'pending', at: inHours(-30) },
        { status: 'success', at: inHours(-1) },
      ],
    });
    const detail = eventDetailSchema.parse((await user.api<EventDetail>('GET', `/api/events/${sent.id}/`)).body);
    expect(detail).toMatchObject({
      live_render: false,
      can_cancel: false,
      subject: 'What went out',
      text: 'What went out',
      from: 'Acme <ar@acme.example>',
      to: [{ name: null, email: 'then@late.example' }],
      cc: [{ name: 'Copy', email: 'copy@late.example' }],
    });
    expect(detail.history.map((h) => h.status)).toEqual(['pending', 'success']);
  });

  it('is not found for another organisation’s email or an unknown one, and 400 for a malformed id', async () => {
    const theirs = await insertEvent(env.db.db, other.orgId, (await insertCustomer(env.db.db, other.orgId)).id);
    expectError(await user.api('GET', `/api/events/${theirs.id}/`), 404, 'NOT_FOUND');
    expectError(await user.api('GET', `/api/events/${crypto.randomUUID()}/`), 404, 'NOT_FOUND');
    expectError(await user.api('GET', '/api/events/not-an-id/'), 400, 'VALIDATION_FAILED', 'id');
  });
});

describe('POST /api/events/{id}/cancel/', () => {
  let user: SignedUpUser;
  beforeAll(() => {
    user = emails;
  });

  it('supersedes a planned email as cancelled by the signed-in person, once, and then refuses with 409', async () => {
    const c = await insertCustomer(env.db.db, user.orgId, { name: 'Cancel Me Ltd' });
    const planned = await insertEvent(env.db.db, user.orgId, c.id, { subject: 'Please pay' });
    const key = crypto.randomUUID();
    const res = await user.api<EventRow>('POST', `/api/events/${planned.id}/cancel/`, undefined, { 'idempotency-key': key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: planned.id, status: 'superseded', status_reason: 'cancelled' });
    // A retry of the same request replays its answer.
    const replay = await user.api<EventRow>('POST', `/api/events/${planned.id}/cancel/`, undefined, { 'idempotency-key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const detail = (await user.api<EventDetail>('GET', `/api/events/${planned.id}/`)).body;
    expect(detail).toMatchObject({ status: 'superseded', status_reason: 'cancelled', can_cancel: false, live_render: false });
    const name = await userName(user.userId);
    expect(detail.history.map((h) => [h.status, h.reason, h.actor_id, h.actor_name])).toEqual([
      ['pending', null, null, null],
      ['superseded', 'cancelled', user.userId, name],
    ]);
    // The audit log names the email and its customer in words (issue 30).
    const log = await user.api<AuditListResponse>('GET', '/api/audit/?action=event.cancel');
    expect(log.body.rows.find((r) => r.entity_id === planned.id)).toMatchObject({ description: 'cancelled the planned email “Please pay” to Cancel Me Ltd' });

    const again = await user.api('POST', `/api/events/${planned.id}/cancel/`);
    expectError(again, 409, 'CONFLICT', 'id');
    expect((again.body as { error: { message: string } }).error.message).toBe(
      'This email is already superseded: it will not be sent; only a planned email can be cancelled',
    );
  });

  it('refuses a sent or a received email with 409, changing nothing', async () => {
    const c = await insertCustomer(env.db.db, user.orgId);
    const sent = await insertEvent(env.db.db, user.orgId, c.id, { status: 'success', sentAt: inHours(-1) });
    const reply = await insertEvent(env.db.db, user.orgId, c.id, { direction: 'inbox', sentAt: inHours(-1) });
    const res = await user.api('POST', `/api/events/${sent.id}/cancel/`);
    expectError(res, 409, 'CONFLICT', 'id');
    expect((res.body as { error: { message: string } }).error.message).toBe('This email has already been sent; only a planned email can be cancelled');
    expectError(await user.api('POST', `/api/events/${reply.id}/cancel/`), 409, 'CONFLICT', 'id');
    expect((await user.api<EventDetail>('GET', `/api/events/${sent.id}/`)).body.history).toHaveLength(1);
  });

  it('is not found for another organisation’s email, which stays planned', async () => {
    const theirs = await insertEvent(env.db.db, other.orgId, (await insertCustomer(env.db.db, other.orgId)).id);
    expectError(await user.api('POST', `/api/events/${theirs.id}/cancel/`), 404, 'NOT_FOUND');
    expect((await other.api<EventDetail>('GET', `/api/events/${theirs.id}/`)).body.status).toBe('pending');
  });
});

describe('GET /api/workflows/calendar/', () => {
  it('groups the planned emails of the next 14 days per day of the organisation’s zone and per workflow', async () => {
    const zone = ZONE;
    const user = ahead;
    const day = (n: number): string => addDays(organisationToday(zone), n);
    const at = (n: number, time: string) => new Date(`${day(n)}T${time}:00+14:00`);
    const standard = (await user.api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows[0]!;
    const gentle = (await user.api<Workflow>('POST', '/api/workflows/', { name: 'Gentle' })).body;
    const ann = await insertCustomer(env.db.db, user.orgId, { name: 'Ann’s Antiques' });
    const bob = await insertCustomer(env.db.db, user.orgId, { name: 'Bob’s Bikes' });
    const plan = (customerId: string, scheduledFor: Date, workflowId: string | null, status: 'pending' | 'success' = 'pending') =>
      insertEvent(env.db.db, user.orgId, customerId, { scheduledFor, workflowId, status });

    const first = await plan(bob.id, at(1, '00:30'), standard.id);
    const second = await plan(ann.id, at(1, '09:00'), standard.id);
    const third = await plan(ann.id, at(1, '10:00'), gentle.id);
    const orphan = await plan(bob.id, at(13, '23:00'), null);
    await plan(ann.id, at(-1, '23:00'), standard.id);
    await plan(ann.id, at(14, '09:00'), standard.id);
    await plan(ann.id, at(2, '09:00'), standard.id, 'success');
    await insertEvent(env.db.db, other.orgId, (await insertCustomer(env.db.db, other.orgId)).id, { scheduledFor: at(1, '09:00') });

    const res = await user.api<ChaseCalendar>('GET', '/api/workflows/calendar/');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const calendar = chaseCalendarSchema.parse(res.body);
    expect(calendar.from).toBe(day(0));
    expect(calendar.time_zone).toBe(zone);
    expect(calendar.days.map((d) => d.day)).toEqual(Array.from({ length: 14 }, (_, i) => day(i)));
    expect(calendar.days.map((d) => d.count)).toEqual([0, 3, ...Array<number>(11).fill(0), 1]);
    const [tomorrow] = calendar.days.filter((d) => d.day === day(1));
    expect(tomorrow?.workflows.map((w) => [w.workflow_name, w.count, w.emails.map((x) => x.event_id)])).toEqual([
      ['Gentle', 1, [third.id]],
      [standard.name, 2, [first.id, second.id]],
    ]);
    expect(tomorrow?.workflows[1]?.emails[0]).toMatchObject({ customer_name: 'Bob’s Bikes', kind: 'regular_email', send_at: first.scheduledFor?.toISOString() });
    expect(calendar.days[13]?.workflows).toEqual([
      { workflow_id: null, workflow_name: 'No workflow', count: 1, emails: [expect.objectContaining({ event_id: orphan.id })] },
    ]);

    const three = (await user.api<ChaseCalendar>('GET', '/api/workflows/calendar/?days=3')).body;
    expect(three.days.map((d) => d.count)).toEqual([0, 3, 0]);
  });

  it('lists at most a page of emails per day and workflow, counting them all', async () => {
    const user = other;
    const c = await insertCustomer(env.db.db, user.orgId);
    const when = new Date(`${isoDay(10)}T12:00:00Z`);
    for (let i = 0; i <= CALENDAR_EMAILS_MAX; i++) await insertEvent(env.db.db, user.orgId, c.id, { scheduledFor: when });
    const calendar = (await user.api<ChaseCalendar>('GET', '/api/workflows/calendar/')).body;
    const busy = calendar.days.find((d) => d.day === isoDay(10));
    expect(busy?.count).toBe(CALENDAR_EMAILS_MAX + 1);
    expect(busy?.workflows[0]?.emails).toHaveLength(CALENDAR_EMAILS_MAX);
  });

  it.each([['days=0'], ['days=32'], ['days=two']])('answers 400 for %s', async (query) => {
    expectError(await lists.api('GET', `/api/workflows/calendar/?${query}`), 400, 'VALIDATION_FAILED', 'days');
  });
});

describe('the customer timeline’s emails', () => {
  it('shows planned, superseded, sent and received emails, each linked to its event, and who cancelled one', async () => {
    const user = emails;
    const c = await insertCustomer(env.db.db, user.orgId, { name: 'Timeline Traders' });
    const templates = (await user.api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows;
    const friendly = templates.find((t) => t.name === 'Friendly reminder')!;
    const planned = await insertEvent(env.db.db, user.orgId, c.id, { emailId: friendly.id, scheduledFor: inHours(48), subject: 'Friendly nudge' });
    const cancelled = await insertEvent(env.db.db, user.orgId, c.id, { emailId: friendly.id, scheduledFor: inHours(24) });
    const paid = await insertEvent(env.db.db, user.orgId, c.id, {
      status: 'superseded',
      statusReason: 'debt_paid',
      scheduledFor: inHours(96),
      history: [
        { status: 'pending', at: inHours(-10) },
        { status: 'superseded', reason: 'debt_paid', at: inHours(-5) },
      ],
    });
    const sent = await insertEvent(env.db.db, user.orgId, c.id, { status: 'success', kind: 'escalation_email', sentAt: inHours(-3), subject: 'Escalated' });
    const reply = await insertEvent(env.db.db, user.orgId, c.id, { direction: 'inbox', sentAt: inHours(-2), subject: 'Re: Escalated' });
    expect((await user.api('POST', `/api/events/${cancelled.id}/cancel/`)).status).toBe(200);

    const res = await user.api<TimelineResponse>('GET', `/api/customers/${c.id}/timeline`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = timelineResponseSchema.parse(res.body).rows.filter((r) => r.kind === 'email');
    // Newest first: the planned one when it goes, the cancelled one when it was cancelled (now),
    // the one superseded when the debt was paid, then what went out and what came back.
    expect(items.map((r) => r.event_id)).toEqual([planned.id, cancelled.id, reply.id, sent.id, paid.id]);
    expect(items[0]).toMatchObject({ id: planned.id, status: 'pending', email_name: 'Friendly reminder', email_kind: 'regular_email', subject: 'Friendly nudge', at: planned.scheduledFor?.toISOString() });
    expect(items[1]).toMatchObject({ status: 'superseded', status_reason: 'cancelled', actor_id: user.userId, actor_name: await userName(user.userId) });
    expect(items[2]).toMatchObject({ direction: 'inbox', status: 'incoming', subject: 'Re: Escalated', email_kind: null });
    expect(items[3]).toMatchObject({ status: 'success', email_kind: 'escalation_email', sent_at: sent.sentAt?.toISOString() });
    expect(items[4]).toMatchObject({ status: 'superseded', status_reason: 'debt_paid', actor_id: null, actor_name: null });
    expect(new Date(items[4]!.at).getTime()).toBeLessThan(Date.now() - 4 * HOUR);
  });
});

describe('the events API in the OpenAPI document', () => {
  it('lists Activity’s routes and the calendar beside the workflows’ own', async () => {
    const res = await env.anonymous()<{ paths: Record<string, Record<string, { tags?: string[] }>> }>('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.paths['/api/events/']?.get?.tags).toEqual(['events']);
    expect(res.body.paths['/api/events/{id}/']?.get?.tags).toEqual(['events']);
    expect(res.body.paths['/api/events/{id}/cancel/']?.post?.tags).toEqual(['events']);
    expect(res.body.paths['/api/workflows/calendar/']?.get?.tags).toEqual(['workflows']);
  });
});
