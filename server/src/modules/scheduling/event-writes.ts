import type { EventStatus, StatusReason } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { event, eventStatusChange } from '../../db/schema';

import type { PlannedEmail } from './plan-customer';
import { REVIVABLE_REASONS } from './plan-inputs';

const revivable = sql`${`{${[...REVIVABLE_REASONS].join(',')}}`}::text[]`;

/** What is kept of a planned email's content: its subject (the body is rendered when read or sent, decision 0020). */
export interface PlannedContent {
  subject: string;
}

/** A planned email about to become an event, with its subject when it could be rendered. */
export interface NewPlannedEvent {
  customerId: string;
  workflowId: string;
  episode: string;
  email: PlannedEmail;
  status: 'pending' | 'superseded';
  reason: StatusReason | null;
  content: PlannedContent | null;
  /** Why the content could not be rendered, when it could not. */
  renderError: string | null;
}

/** A status an event takes, with why; the system's own (no actor). */
export interface StatusSet {
  eventId: string;
  status: EventStatus;
  reason: StatusReason | null;
  /** The person who did it; the system when absent. */
  actorId?: string | null;
}

/**
 * Insert planned emails, skipping any whose dedupe key exists (run twice, or by two workers: the
 * second insert does nothing), and record the first status of each one inserted.
 */
export async function insertPlannedEvents(tx: Tx, orgId: string, now: Date, rows: NewPlannedEvent[]): Promise<number> {
  if (rows.length === 0) return 0;
  // PostgreSQL takes at most 65,535 bind parameters a statement: an import of aged debt catching
  // 500 customers up at once plans several emails each (decision 0036), so the rows go in slices.
  let count = 0;
  for (let i = 0; i < rows.length; i += INSERT_SLICE) count += await insertSlice(tx, orgId, now, rows.slice(i, i + INSERT_SLICE));
  return count;
}

/** Rows per INSERT: 22 parameters each, well under the 65,535 a statement may bind. */
const INSERT_SLICE = 1_000;

async function insertSlice(tx: Tx, orgId: string, now: Date, rows: NewPlannedEvent[]): Promise<number> {
  const inserted = await tx
    .insert(event)
    .values(
      rows.map((r) => ({
        orgId,
        customerId: r.customerId,
        direction: 'outbox' as const,
        status: r.status,
        statusReason: r.reason,
        kind: r.email.step.kind,
        tone: r.email.step.tone,
        emailId: r.email.step.emailId,
        workflowId: r.workflowId,
        workflowActionId: r.email.step.id,
        standing: r.email.step.standing,
        // The chase (or the due date coming) to the microsecond, so the episode matches it exactly (plan-inputs.ts, chaseOf).
        episodeStart: sql`${r.episode}::timestamptz`,
        dueDay: r.email.dueDay,
        scheduledFor: r.email.sendAt,
        toAddresses: r.email.to,
        ccAddresses: r.email.cc,
        subject: r.content?.subject ?? null,
        error: r.renderError,
        deferred: r.email.deferred,
        dedupeKey: r.email.dedupeKey,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: [event.orgId, event.dedupeKey] })
    .returning({ id: event.id, status: event.status, reason: event.statusReason });
  await recordStatuses(tx, orgId, now, inserted.map((r) => ({ eventId: r.id, status: r.status, reason: r.reason as StatusReason | null })));
  return inserted.length;
}

/** A future pending event moved to its step's new time (or new recipients); its status is unchanged. */
export interface EventMove {
  eventId: string;
  email: PlannedEmail;
}

/**
 * Move future pending events to where the plan now puts them. Due ones belong to the sender and are
 * left alone, and so is one being sent (claimed: a person sent it now, decision 0020), whatever
 * clock the pass runs at.
 */
export async function moveEvents(tx: Tx, orgId: string, now: Date, moves: EventMove[]): Promise<number> {
  if (moves.length === 0) return 0;
  const values = JSON.stringify(moves.map((m) => ({ ...timing(m.email), id: m.eventId })));
  const moved = await tx.execute(sql`
    update event e
    set scheduled_for = v.scheduled_for, due_day = v.due_day, deferred = v.deferred,
        to_addresses = v.to_addresses, cc_addresses = v.cc_addresses, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${values}::jsonb)
      as v(id uuid, scheduled_for timestamptz, due_day date, deferred jsonb, to_addresses jsonb, cc_addresses jsonb)
    where e.org_id = ${orgId} and e.id = v.id and e.status = 'pending' and e.claimed_at is null
      and e.scheduled_for > ${now.toISOString()}::timestamptz
    returning e.id`);
  return moved.rows.length;
}

/** A superseded event planned again because its step came back (revival), with its new time and content. */
export interface EventRevival extends EventMove {
  content: PlannedContent | null;
  renderError: string | null;
}

/** Put back to pending events superseded only because the plan had changed (REVIVABLE_REASONS). */
export async function reviveEvents(tx: Tx, orgId: string, now: Date, revivals: EventRevival[]): Promise<number> {
  if (revivals.length === 0) return 0;
  const values = JSON.stringify(
    revivals.map((r) => ({
      ...timing(r.email),
      id: r.eventId,
      subject: r.content?.subject ?? null,
      error: r.renderError,
    })),
  );
  const revived = await tx.execute<{ id: string }>(sql`
    update event e
    set status = 'pending', status_reason = null, scheduled_for = v.scheduled_for, due_day = v.due_day, deferred = v.deferred,
        to_addresses = v.to_addresses, cc_addresses = v.cc_addresses, subject = v.subject, html = null, text = null,
        error = v.error, actor_id = null, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${values}::jsonb)
      as v(id uuid, scheduled_for timestamptz, due_day date, deferred jsonb, to_addresses jsonb, cc_addresses jsonb,
           subject text, error text)
    where e.org_id = ${orgId} and e.id = v.id and e.status = 'superseded' and e.status_reason = any(${revivable})
    returning e.id`);
  await recordStatuses(tx, orgId, now, revived.rows.map((r) => ({ eventId: r.id, status: 'pending', reason: null })));
  return revived.rows.length;
}

/**
 * Supersede events with a reason: future pending ones whose plan went away, or revivable
 * superseded ones that turned out final (skipped, no recipient). A pending event that became due
 * meanwhile, or that is being sent (claimed), is the sender's and is left alone.
 */
export async function supersedeEvents(
  tx: Tx,
  orgId: string,
  now: Date,
  list: { eventId: string; reason: StatusReason }[],
): Promise<number> {
  if (list.length === 0) return 0;
  const values = JSON.stringify(list.map((s) => ({ id: s.eventId, reason: s.reason })));
  const superseded = await tx.execute<{ id: string; reason: StatusReason }>(sql`
    update event e
    set status = 'superseded', status_reason = v.reason, actor_id = null, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, reason text)
    where e.org_id = ${orgId} and e.id = v.id
      and ((e.status = 'pending' and e.claimed_at is null and e.scheduled_for > ${now.toISOString()}::timestamptz)
        or (e.status = 'superseded' and e.status_reason = any(${revivable})))
      and e.status_reason is distinct from v.reason
    returning e.id, v.reason`);
  await recordStatuses(tx, orgId, now, superseded.rows.map((r) => ({ eventId: r.id, status: 'superseded', reason: r.reason })));
  return superseded.rows.length;
}

/** Append one history row per status set (decision 0018: every status an event has had, with why and who). */
export async function recordStatuses(tx: Tx, orgId: string, now: Date, sets: StatusSet[]): Promise<void> {
  // Seven parameters a row: slices of 5,000 stay under the 65,535 a statement may bind.
  for (let i = 0; i < sets.length; i += 5_000) {
    await tx
      .insert(eventStatusChange)
      .values(
        sets
          .slice(i, i + 5_000)
          .map((s) => ({ orgId, eventId: s.eventId, status: s.status, reason: s.reason, actorId: s.actorId ?? null, at: now })),
      );
  }
}

function timing(email: PlannedEmail) {
  return {
    scheduled_for: email.sendAt.toISOString(),
    due_day: email.dueDay,
    deferred: email.deferred,
    to_addresses: email.to,
    cc_addresses: email.cc,
  };
}
