import { MS_PER_DAY } from '@receivables/contracts';
import type { ContactRole, EventStatus, Standing } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { pgArray } from '../../db/pg-arrays';
import type { EventRecipient } from '../../db/schema';
import { uuidArray } from '../../db/uuid-array';
import { readOrganisationToday } from '../../org/organisation-today';
import type { Recipient } from '../emails/load-customer-mail';

const WEEK_MS = 7 * MS_PER_DAY;

/** One of a customer's outbox events, as far as planning is concerned. */
export interface KnownEvent {
  id: string;
  status: EventStatus;
  statusReason: string | null;
  workflowId: string | null;
  workflowActionId: string | null;
  /** The standing of the step it was planned for; null for a notice. */
  standing: string | null;
  /** Which sending of a repeating step it is (0: the step's own day; decision 0036). */
  occurrence: number;
  /** When it went or goes out: sent, else planned, else created. */
  at: Date;
  scheduledFor: Date | null;
  dueDay: string | null;
  deferred: string[];
  to: EventRecipient[];
  cc: EventRecipient[];
  episodeStart: Date | null;
  /** It belongs to the customer's current standing episode. */
  inEpisode: boolean;
  /** A notice the product wrote itself (decision 0023), not a workflow's step. */
  notice: string | null;
}

/**
 * How long after Stripe's next try of a card a held reminder waits: time for the try's outcome to
 * reach us by webhook (or the sender's re-check) before the reminder would go (decision 0023).
 */
export const PAYMENT_RETRY_MARGIN_MS = 60 * 60_000;

/**
 * A customer's chase as a lateral subquery over `c` (decision 0036): `episode`, the instant that
 * names its run of chasing, and `anchor_day`, the due date its steps count from. Overdue, the chase
 * the figures keep (its start, and its oldest overdue due date); in good standing, the next open
 * invoice coming due on or after `today`, its episode that day at midnight UTC — each invoice
 * coming due is its own run of reminders before the due date. The planner and the sender's check
 * (delivery/episode-check.ts) read the same.
 */
export function chaseOf(c: SQL, today: string): SQL {
  return sql`
    select case when ${c}.standing in ('single_missed', 'multiple_missed') then coalesce(${c}.chase_since, ${c}.standing_since)
                when n.due_date is not null then n.due_date::timestamp at time zone 'UTC'
                else ${c}.standing_since end as episode,
           case when ${c}.standing in ('single_missed', 'multiple_missed') then coalesce(${c}.chase_due_date, ${c}.due_date)
                when ${c}.standing = 'in_good_standing' then n.due_date end::text as anchor_day
    -- Only a customer in good standing needs the invoice coming due: the others skip the probe.
    from (select min(i.due_date) as due_date from invoice i
          where ${c}.standing = 'in_good_standing' and i.org_id = ${c}.org_id and i.customer_id = ${c}.id
            and i.status = 'open' and i.amount_remaining > 0 and i.due_date >= ${today}::date) n`;
}

/**
 * Stripe's own collection of the customer's overdue invoices (decision 0023). `from`: when the
 * workflow's clock starts instead of the episode's start. `holding`: Stripe is still retrying every
 * overdue invoice, so nothing goes before `from` (its next try, plus a margin); otherwise every
 * overdue invoice that is not being retried had its retries end, and chasing starts when the first
 * of them did.
 */
export interface PaymentRetries {
  from: Date;
  holding: boolean;
}

/** One customer as the planner sees it: standing and episode, contacts, and its events that matter. */
export interface CustomerPlanInput {
  id: string;
  name: string;
  currency: string;
  standing: Standing;
  standingSince: Date;
  /**
   * The due date the workflow's steps count from (decision 0036): the chase's oldest overdue one,
   * or in good standing the next invoice coming due; null when there is none.
   */
  anchorDay: string | null;
  /**
   * The episode's start as an exact, canonical UTC text (microseconds): the dedupe key's last part.
   * The chase's start while overdue; in good standing, the due date of the invoice coming due.
   */
  episode: string;
  /**
   * When the customer entered its standing, as exact text: what the scheduler records as planned
   * from (customer.plan_episode), so that a change of standing within a chase is read again.
   */
  standingMark: string;
  ownWorkflowId: string | null;
  primary: Recipient | null;
  escalation: Recipient | null;
  /** Roles whose address bounced for good: absent above, and named in the step's problem. */
  bounced: ContactRole[];
  events: KnownEvent[];
  /** Null when Stripe is not collecting any of its overdue invoices: the episode's start is the clock. */
  paymentRetries: PaymentRetries | null;
}

/**
 * Superseded only because the plan changed (the customer moved workflow, the workflow or sending
 * was disabled, a step removed), or because there was nobody to write to: if the plan brings the
 * step back in the same episode, the event is planned again rather than lost — so a contact added
 * to a customer whose chasing stopped for want of one resumes it at the step its lateness calls
 * for (decision 0039). A cancellation, a skipped step or a settled debt is final.
 */
export const REVIVABLE_REASONS: ReadonlySet<string> = new Set(['workflow_changed', 'workflow_disabled', 'step_removed', 'sending_disabled', 'no_recipient']);

/** Statuses of an email that went, or may have gone, out: they count towards the weekly cap. */
const OUT_STATUSES: ReadonlySet<EventStatus> = new Set(['success', 'draft_success', 'unknown', 'failure']);

/**
 * Everything `planSchedule` needs about these customers of one organisation, in four set-based
 * reads however many customers there are (docs/style.md: no query per row). The events read are
 * those of the current episode (done, planned, or superseded by a plan change), every future
 * pending one (from any episode: the scheduler may have to supersede it), and anything sent or due
 * in the last seven days (the weekly cap looks no further back). `tx` is scoped to the organisation.
 */
export async function loadCustomerPlanInputs(tx: Tx, orgId: string, ids: readonly string[], now: Date): Promise<CustomerPlanInput[]> {
  if (ids.length === 0) return [];
  const today = await readOrganisationToday(tx, orgId, now);
  const customers = await tx.execute<{
    id: string;
    name: string;
    currency: string;
    standing: Standing;
    standing_since: Date;
    anchor_day: string | null;
    episode: string;
    standing_mark: string;
    workflow_id: string | null;
  }>(sql`
    select c.id, c.name, c.currency, c.standing, c.standing_since, c.workflow_id, a.anchor_day,
           to_char(a.episode at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as episode,
           to_char(c.standing_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as standing_mark
    from customer c
    cross join lateral (${chaseOf(sql`c`, today)}) a
    where c.org_id = ${orgId} and c.id = any(${uuidArray(ids)})
    order by c.id`);
  // An address that bounced for good is no one to write to (decision 0021): its steps are planned as
  // having no recipient, and the plan says the address bounced rather than that there is no contact.
  const contacts = await tx.execute<{ customer_id: string; role: ContactRole; name: string | null; email: string; bounced: boolean }>(sql`
    select customer_id, role, name, email, undeliverable_at is not null as bounced from contact
    where org_id = ${orgId} and customer_id = any(${uuidArray(ids)})`);
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const events = await tx.execute<{
    id: string;
    customer_id: string;
    status: EventStatus;
    status_reason: string | null;
    workflow_id: string | null;
    workflow_action_id: string | null;
    standing: string | null;
    occurrence: number;
    at: Date;
    scheduled_for: Date | null;
    due_day: string | null;
    deferred: string[];
    to_addresses: EventRecipient[];
    cc_addresses: EventRecipient[];
    episode_start: Date | null;
    in_episode: boolean;
    notice: string | null;
  }>(sql`
    select e.id, e.customer_id, e.status, e.status_reason, e.workflow_id, e.workflow_action_id, e.standing,
           coalesce(substring(e.dedupe_key from '#([0-9]+)$')::int, 0) as occurrence,
           coalesce(e.sent_at, e.scheduled_for, e.created_at) as at, e.scheduled_for, e.due_day, e.deferred,
           e.to_addresses, e.cc_addresses, e.episode_start, e.notice,
           coalesce(e.episode_start = c.episode, false) as in_episode
    from event e
    join unnest(${pgArray(customers.rows.map((c) => c.id))}::uuid[], ${pgArray(customers.rows.map((c) => c.episode))}::timestamptz[])
      as c(id, episode) on c.id = e.customer_id
    where e.org_id = ${orgId} and e.customer_id = any(${uuidArray(ids)}) and e.direction = 'outbox'
      -- An answer to a customer's email (the invoice copy they asked for) is not a reminder (decision 0021).
      and e.answers_event_id is null
      and (e.episode_start = c.episode
        or (e.status = 'pending' and e.scheduled_for > ${now.toISOString()}::timestamptz)
        or coalesce(e.sent_at, e.scheduled_for, e.created_at) > ${weekAgo.toISOString()}::timestamptz)
    order by e.customer_id, at, e.id`);

  const retries = await loadPaymentRetries(tx, orgId, ids, today);

  const byCustomer = new Map<string, CustomerPlanInput>();
  for (const c of customers.rows) {
    byCustomer.set(c.id, {
      id: c.id,
      name: c.name,
      currency: c.currency,
      standing: c.standing,
      standingSince: new Date(c.standing_since),
      anchorDay: c.anchor_day,
      episode: c.episode,
      standingMark: c.standing_mark,
      ownWorkflowId: c.workflow_id,
      primary: null,
      escalation: null,
      bounced: [],
      events: [],
      paymentRetries: retries.get(c.id) ?? null,
    });
  }
  for (const k of contacts.rows) {
    const c = byCustomer.get(k.customer_id);
    if (!c) continue;
    if (k.bounced) c.bounced.push(k.role);
    else c[k.role] = { name: k.name, email: k.email };
  }
  for (const e of events.rows) {
    byCustomer.get(e.customer_id)?.events.push({
      id: e.id,
      status: e.status,
      statusReason: e.status_reason,
      workflowId: e.workflow_id,
      workflowActionId: e.workflow_action_id,
      standing: e.standing,
      occurrence: e.occurrence,
      at: new Date(e.at),
      scheduledFor: e.scheduled_for ? new Date(e.scheduled_for) : null,
      dueDay: e.due_day,
      deferred: e.deferred,
      to: e.to_addresses,
      cc: e.cc_addresses,
      episodeStart: e.episode_start ? new Date(e.episode_start) : null,
      inEpisode: e.in_episode,
      notice: e.notice,
    });
  }
  return [...byCustomer.values()];
}

/**
 * Stripe's retries of these customers' overdue invoices (open, past due on `today`, money left),
 * for the customers where they decide when chasing starts; one set-based read.
 */
async function loadPaymentRetries(tx: Tx, orgId: string, ids: readonly string[], today: string): Promise<Map<string, PaymentRetries>> {
  const rows = await tx.execute<{ customer_id: string; all_retrying: boolean; next_retry: string | null; rest_ended: boolean | null; ended_from: string | null }>(sql`
    select customer_id,
           bool_and(payment_retry_at is not null) as all_retrying,
           min(payment_retry_at) as next_retry,
           bool_and(retries_ended_at is not null) filter (where payment_retry_at is null) as rest_ended,
           min(retries_ended_at) filter (where payment_retry_at is null) as ended_from
    from invoice
    where org_id = ${orgId} and customer_id = any(${uuidArray(ids)}) and status = 'open'
      and due_date < ${today}::date and amount_remaining > 0
    group by customer_id
    having bool_or(payment_retry_at is not null or retries_ended_at is not null)`);
  const byCustomer = new Map<string, PaymentRetries>();
  for (const r of rows.rows) {
    if (r.all_retrying && r.next_retry) {
      byCustomer.set(r.customer_id, { from: new Date(new Date(r.next_retry).getTime() + PAYMENT_RETRY_MARGIN_MS), holding: true });
    } else if (r.rest_ended && r.ended_from) {
      byCustomer.set(r.customer_id, { from: new Date(r.ended_from), holding: false });
    }
  }
  return byCustomer;
}

/**
 * Which sending of which step an event is: the step's id, with `#n` for the n-th repeat of a
 * repeating step (decision 0036) — the same key the plan gives it (plan-customer.ts). Null for a
 * notice or an answer, which belong to no step.
 */
export function stepKeyOf(e: Pick<KnownEvent, 'workflowActionId' | 'occurrence'>): string | null {
  if (!e.workflowActionId) return null;
  return e.occurrence > 0 ? `${e.workflowActionId}#${e.occurrence}` : e.workflowActionId;
}

/** A pending event whose time has not come: the scheduler may still move or supersede it. */
export const isFuturePending = (e: KnownEvent, now: Date): boolean =>
  e.status === 'pending' && e.scheduledFor !== null && e.scheduledFor.getTime() > now.getTime();

/** What the customer's events tell the planner, by the rules of decision 0018. */
export interface EpisodeHistory {
  /** Sent, due, or may have gone out, from any workflow: they count towards the weekly cap. */
  otherReminders: Date[];
  /** Steps with an event in this episode that is neither a future pending one nor revivable: never planned again. */
  doneActionIds: Set<string>;
  /** Steps with a future pending event in this episode: planned again (moved), never skipped. */
  plannedActionIds: Set<string>;
  /** Emails of this episode that went out or are going out now: what "reminders sent" counts. */
  remindersSent: number;
  /** When the last of those went: the next step is not planned before it. */
  lastOut: Date | undefined;
  /** The due day of that last one: a step due on a later day goes on a later day. */
  lastOutDueDay: string | undefined;
  /** When the last notice went or goes (decision 0023): the workflow leaves the customer a day to act on it. */
  lastNotice: Date | undefined;
}

export function episodeHistory(input: CustomerPlanInput, now: Date): EpisodeHistory {
  const history: EpisodeHistory = {
    otherReminders: [],
    doneActionIds: new Set(),
    plannedActionIds: new Set(),
    remindersSent: 0,
    lastOut: undefined,
    lastOutDueDay: undefined,
    lastNotice: undefined,
  };
  for (const e of input.events) {
    const future = isFuturePending(e, now);
    const goneOut = OUT_STATUSES.has(e.status) || (e.status === 'pending' && !future);
    if (goneOut) history.otherReminders.push(e.at);
    if (e.notice !== null && (e.status === 'pending' || OUT_STATUSES.has(e.status)) && !(history.lastNotice && history.lastNotice > e.at)) {
      history.lastNotice = e.at;
    }
    if (!e.inEpisode) continue;
    if (goneOut && e.status !== 'failure') {
      history.remindersSent++;
      if (!history.lastOut || e.at > history.lastOut) {
        history.lastOut = e.at;
        history.lastOutDueDay = e.dueDay ?? undefined;
      }
    }
    const key = stepKeyOf(e);
    if (!key) continue;
    if (future) history.plannedActionIds.add(key);
    else if (!(e.status === 'superseded' && e.statusReason !== null && REVIVABLE_REASONS.has(e.statusReason))) {
      history.doneActionIds.add(key);
    }
  }
  return history;
}
