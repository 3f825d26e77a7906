import type { StatusReason } from '@receivables/contracts';
import { sql, type SQL } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';
import { readOrganisationToday } from '../../org/organisation-today';
import { chaseOf } from '../scheduling/plan-inputs';

/** One event locked for sending, with what decides whether its reason to be sent still holds. */
export interface LockedEvent {
  id: string;
  customerId: string;
  /** Why it must not go any more (superseded with this reason), or null when it may. */
  refusal: StatusReason | null;
}

/**
 * Lock these events (`for update`, skipping rows another transaction holds) after locking their
 * customers in id order — the scheduler's order, so a pass and the sender never deadlock — and
 * say for each whether it still belongs to its customer's current standing and episode (its chase,
 * or the invoice coming due, decision 0036). An email
 * whose episode ended is refused with the reason the scheduler gives (decision 0018): the first
 * standing transition after the episode began (`debt_paid`, `debt_voided`, else
 * `standing_changed`), or `paused` when there was none and the customer is paused; a notice about
 * one invoice is refused once that invoice is settled (noticeRefusal). `where`
 * narrows the events further (still pending and unclaimed, for the sender).
 */
export async function lockForSending(tx: Tx, orgId: string, ids: readonly string[], where: SQL, now: Date): Promise<LockedEvent[]> {
  if (ids.length === 0) return [];
  const idList = uuidArray(ids);
  await tx.execute(sql`
    select c.id from customer c
    where c.org_id = ${orgId} and c.id in (select e.customer_id from event e where e.org_id = ${orgId} and e.id = any(${idList}))
    order by c.id for update of c`);
  return checkEpisodes(tx, orgId, idList, where, sql`for update of e skip locked`, now);
}

/** The same check without locking anything: whether an email could be sent now (its detail's can_execute). */
export async function episodeRefusal(tx: Tx, orgId: string, eventId: string, now: Date): Promise<StatusReason | null> {
  const [checked] = await checkEpisodes(tx, orgId, uuidArray([eventId]), sql`true`, sql``, now);
  return checked?.refusal ?? null;
}

type CheckedRow = {
  id: string;
  customer_id: string;
  in_episode: boolean;
  customer_standing: string;
  ended_by: string | null;
  notice: string | null;
  invoice_status: string | null;
};

async function checkEpisodes(tx: Tx, orgId: string, idList: SQL, where: SQL, lock: SQL, now: Date): Promise<LockedEvent[]> {
  // The episode as the planner reads it (chaseOf): the chase, or the invoice coming due from today.
  const today = await readOrganisationToday(tx, orgId, now);
  const rows = await tx.execute<CheckedRow>(sql`
    select e.id, e.customer_id, c.standing as customer_standing, e.notice,
      (e.episode_start is null or (c.standing::text = e.standing::text and a.episode = e.episode_start)) as in_episode,
      (select t.reason from standing_transition t
        where t.org_id = e.org_id and t.customer_id = e.customer_id and t.at > e.episode_start
        order by t.at, t.created_at limit 1) as ended_by,
      (select i.status::text from invoice i where i.org_id = e.org_id and i.id = e.invoice_id) as invoice_status
    from event e join customer c on c.org_id = e.org_id and c.id = e.customer_id
    cross join lateral (${chaseOf(sql`c`, today)}) a
    where e.org_id = ${orgId} and e.id = any(${idList}) and ${where}
    order by e.id
    ${lock}`);
  return rows.rows.map((r) => ({ id: r.id, customerId: r.customer_id, refusal: refusalOf(r) }));
}

function refusalOf(r: CheckedRow): StatusReason | null {
  if (r.notice !== null) return noticeRefusal(r.invoice_status, r.customer_standing);
  return r.in_episode ? null : episodeEndReason(r.ended_by, r.customer_standing);
}

/**
 * Why a notice about one invoice (decision 0023) must not go any more: its invoice was paid, or
 * voided, written off or deleted; or the customer's chasing is paused. Null while it is still owed.
 */
function noticeRefusal(invoiceStatus: string | null, standing: string): StatusReason | null {
  if (standing === 'paused') return 'paused';
  if (invoiceStatus === 'open') return null;
  return invoiceStatus === 'paid' ? 'debt_paid' : 'debt_voided';
}

/** Why an episode ended, as the scheduler says it of a planned email (reconcile-plan.ts, orphanReason). */
export function episodeEndReason(endedBy: string | null, standing: string): StatusReason {
  if (endedBy === 'debt_paid' || endedBy === 'debt_voided') return endedBy;
  if (endedBy === null && standing === 'paused') return 'paused';
  return 'standing_changed';
}
