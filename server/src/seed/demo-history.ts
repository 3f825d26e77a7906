import { randomBytes } from 'node:crypto';

import { addDays, MS_PER_DAY, organisationToday } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';

import { type Db, withOrg } from '../db/client';
import { emailTemplate, workflow, workflowAction } from '../db/schema';
import { uuidArray } from '../db/uuid-array';
import { replyTokenKey } from '../lib/derived-keys';
import { createSecretBox } from '../lib/secret-box';
import { refreshCustomerFigures } from '../modules/customers/refresh-customer-figures';
import { sendDueEmails } from '../modules/delivery/send-due-emails';
import type { SenderDeps } from '../modules/delivery/sender-deps';
import { scheduleOrganisation } from '../modules/scheduling/schedule-organisation';
import { readOrganisationToday } from '../org/organisation-today';

/** When the simulated worker runs each day (UTC): early, before the send window opens. */
const PASS_HOUR_UTC = 6;

interface Settlement {
  id: string;
  status: 'paid' | 'void' | 'uncollectible';
  amountPaid: number;
  amountRemaining: number;
  at: Date;
}

/**
 * Three weeks of chasing history for the demo organisation, made by the real scheduler: the book
 * (already seeded as it is today) is wound back to `days` ago — every invoice settled since then
 * open again — and time is walked forward a day at a time, settling each invoice when it was
 * paid (its payment's date) or voided, refreshing the figures and running the scheduling pass at
 * that clock, exactly as the worker would have. A week in, the key accounts move to a gentler
 * workflow of their own: their old plan is superseded, and of its steps whose day has come only
 * the latest goes, the earlier recorded skipped (decision 0036). What fell due was drafted by the
 * dry-run sender itself, at the time it fell due. Then one planned email is cancelled by the demo
 * user. The result: drafts, pending emails, and emails superseded because a debt was paid or
 * voided, a standing or a workflow changed, a step was skipped, there was no one to write to, or a
 * person cancelled.
 */
export async function seedDemoHistory(db: Db, orgId: string, userId: string, now: Date, days = 21): Promise<void> {
  const start = new Date(now.getTime() - days * MS_PER_DAY);
  const pending = await windBack(db, orgId, start);
  const startDay = organisationToday('UTC', start);
  for (let offset = 0; offset < days; offset++) {
    const clock = new Date(`${addDays(startDay, offset)}T${String(PASS_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
    if (clock >= now) break;
    await settle(db, orgId, pending, clock);
    await draftDue(db, orgId, clock);
    const moved = offset === 7 && (await moveKeyAccounts(db, orgId));
    // Every day, as the hourly pass would: a quiet day still brings steps within the horizon.
    await passAt(db, orgId, clock, { full: offset === 0 || moved });
  }
  await settle(db, orgId, pending, now);
  await draftDue(db, orgId, now);
  await passAt(db, orgId, now, { full: true });
  await cancelOne(db, orgId, userId, now);
}

/** Open again every invoice settled after `start`; returns those settlements, oldest first, to replay. */
async function windBack(db: Db, orgId: string, start: Date): Promise<Settlement[]> {
  return withOrg(db, orgId, async (tx) => {
    // Paid: when its last payment came. Voided or written off: a few days after it fell due (the book does not say).
    const rows = await tx.execute<{ id: string; status: Settlement['status']; amount_paid: number; amount_remaining: number; at: Date }>(sql`
      select i.id, i.status, i.amount_paid, i.amount_remaining,
             coalesce((select max(p.paid_at) from payment p where p.invoice_id = i.id),
                      i.due_date + (3 + abs(hashtext(i.number)) % 25) * interval '1 day' + interval '10 hours') as at
      from invoice i where i.org_id = ${orgId} and i.status <> 'open'`);
    const later = rows.rows
      .map((r) => ({ id: r.id, status: r.status, amountPaid: r.amount_paid, amountRemaining: r.amount_remaining, at: new Date(r.at) }))
      .filter((s) => s.at > start)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    if (later.length > 0) {
      await tx.execute(sql`
        update invoice set status = 'open', amount_paid = 0, amount_remaining = amount_due
        where org_id = ${orgId} and id = any(${uuidArray(later.map((s) => s.id))})`);
    }
    return later;
  });
}

/** Settle, as they were, the invoices whose time has come (and forget them). */
async function settle(db: Db, orgId: string, pending: Settlement[], clock: Date): Promise<void> {
  const due = pending.filter((s) => s.at <= clock);
  if (due.length === 0) return;
  pending.splice(0, due.length);
  await withOrg(db, orgId, async (tx) => {
    for (const s of due) {
      // updated_at is when it was settled: the figures tell a voided debt from a paid one by the latest.
      await tx.execute(sql`
        update invoice set status = ${s.status}, amount_paid = ${s.amountPaid}, amount_remaining = ${s.amountRemaining},
          updated_at = ${s.at.toISOString()}::timestamptz
        where org_id = ${orgId} and id = ${s.id}`);
    }
  });
}

/**
 * What the worker does at `clock`: the figures refresh, then the scheduling pass — over the customers
 * whose plan may have changed, as the hourly pass does, or over every chased one (`full`).
 */
async function passAt(db: Db, orgId: string, clock: Date, options: { full: boolean }): Promise<void> {
  await withOrg(db, orgId, async (tx) =>
    refreshCustomerFigures(tx, orgId, { today: await readOrganisationToday(tx, orgId, clock), now: clock }));
  await scheduleOrganisation(db, orgId, clock, { onlyDue: !options.full });
}

/** The "Key accounts" workflow: warmer and slower, for customers worth a lighter touch. */
const KEY_ACCOUNT_STEPS: { standing: 'single_missed' | 'multiple_missed'; delayDays: number; template: string }[] = [
  { standing: 'single_missed', delayDays: 3, template: 'Checking in' },
  { standing: 'single_missed', delayDays: 10, template: 'Friendly reminder' },
  { standing: 'single_missed', delayDays: 20, template: 'Firm reminder' },
  { standing: 'single_missed', delayDays: 45, template: 'Escalation' },
  { standing: 'multiple_missed', delayDays: 14, template: 'Checking in' },
  { standing: 'multiple_missed', delayDays: 30, template: 'Firm reminder' },
  { standing: 'multiple_missed', delayDays: 60, template: 'Escalation' },
];

/** Create the Key accounts workflow and move the customers tagged "Key account" to it. */
async function moveKeyAccounts(db: Db, orgId: string): Promise<boolean> {
  return withOrg(db, orgId, async (tx) => {
    const [wf] = await tx.insert(workflow).values({ orgId, name: 'Key accounts' }).returning({ id: workflow.id });
    if (!wf) return false;
    const named = await tx
      .select({ id: emailTemplate.id, name: emailTemplate.name })
      .from(emailTemplate)
      .where(eq(emailTemplate.orgId, orgId));
    const templates = new Map(named.map((t) => [t.name, t.id]));
    const positions = new Map<string, number>();
    const steps = KEY_ACCOUNT_STEPS.flatMap((s) => {
      const emailId = templates.get(s.template);
      const position = positions.get(s.standing) ?? 0;
      positions.set(s.standing, position + 1);
      return emailId ? [{ orgId, workflowId: wf.id, standing: s.standing, delayDays: s.delayDays, emailId, position }] : [];
    });
    if (steps.length > 0) await tx.insert(workflowAction).values(steps);
    await tx.execute(sql`
      update customer c set workflow_id = ${wf.id}
      from customer_tag ct join tag t on t.id = ct.tag_id
      where ct.customer_id = c.id and c.org_id = ${orgId} and t.org_id = ${orgId} and t.name = 'Key account'`);
    return true;
  });
}

/**
 * The dry-run sender, as the worker would have run it: at each instant an email fell due since
 * the last, every email due is rendered and kept as a draft (its send window re-checked, its
 * customer's episode too), drafted at the time it was planned for.
 */
async function draftDue(db: Db, orgId: string, clock: Date): Promise<void> {
  const instants = await withOrg(db, orgId, async (tx) => (await tx.execute<{ at: string }>(sql`
    select distinct scheduled_for as at from event
    where org_id = ${orgId} and status = 'pending' and scheduled_for <= ${clock.toISOString()}::timestamptz
    order by scheduled_for`)).rows.map((r) => new Date(r.at)));
  for (const at of instants) await sendDueEmails(demoSender(db, at), { orgId });
}

/** The sender's dependencies for the demo's dry run: no mail server, no secret, nothing leaves. */
function demoSender(db: Db, at: Date): SenderDeps {
  const silent = () => undefined;
  const key = randomBytes(32);
  return {
    db,
    now: () => at,
    log: { info: silent, warn: silent, error: silent },
    secrets: createSecretBox(key),
    instanceSmtpUrl: undefined,
    timeouts: { connectionMs: 1_000, greetingMs: 1_000, socketMs: 1_000 },
    // The demo's emails are drafts: no mail server is ever reached.
    outbound: { allowed: [] },
    delivery: { concurrency: 4, ratePerMinute: 60, leaseMs: 600_000, maxAttempts: 5, retryBaseMs: 60_000, replyKey: replyTokenKey(key) },
  };
}

/** A person had second thoughts about one planned email: the next one due is cancelled by the demo user. */
async function cancelOne(db: Db, orgId: string, userId: string, now: Date): Promise<void> {
  await withOrg(db, orgId, async (tx) => {
    const cancelled = await tx.execute<{ id: string }>(sql`
      update event set status = 'superseded', status_reason = 'cancelled', actor_id = ${userId}, updated_at = ${now.toISOString()}::timestamptz
      where id = (select id from event where org_id = ${orgId} and status = 'pending' and scheduled_for > ${now.toISOString()}::timestamptz
                  order by scheduled_for, id limit 1)
      returning id`);
    for (const c of cancelled.rows) {
      await tx.execute(sql`
        insert into event_status_change (org_id, event_id, status, reason, actor_id, at)
        values (${orgId}, ${c.id}, 'superseded', 'cancelled', ${userId}, ${now.toISOString()}::timestamptz)`);
    }
  });
}
