import { organisationToday, type StatusReason } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type DbOrTx, type Tx, withOrg } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';
import { loadLetterInvoices } from '../emails/letter-invoices';

import { type ChaseStop, chaseStopOf } from './chase-stop';
import { insertPlannedEvents, moveEvents, type NewPlannedEvent, type PlannedContent, reviveEvents, supersedeEvents } from './event-writes';
import { nextReviewAt } from './next-review';
import { effectiveWorkflow, loadPlanContext, type PlanContext, type PlanWorkflow } from './plan-context';
import { customerMailOf, type PlannedEmail, planCustomer } from './plan-customer';
import { type CustomerPlanInput, type KnownEvent, loadCustomerPlanInputs, stepKeyOf } from './plan-inputs';
import { orphanReason, type Reconciliation, reconcilePlan } from './reconcile-plan';
import { renderPlannedSubject } from './render-planned-email';

export interface ReconcileSummary {
  customers: number;
  created: number;
  moved: number;
  revived: number;
  superseded: number;
}

export const noChanges = (): ReconcileSummary => ({ customers: 0, created: 0, moved: 0, revived: 0, superseded: 0 });

export function addSummaries(a: ReconcileSummary, b: ReconcileSummary): ReconcileSummary {
  return {
    customers: a.customers + b.customers,
    created: a.created + b.created,
    moved: a.moved + b.moved,
    revived: a.revived + b.revived,
    superseded: a.superseded + b.superseded,
  };
}

interface CustomerWork {
  customer: CustomerPlanInput;
  workflow: PlanWorkflow | null;
  changes: Reconciliation;
  /** When time alone can next change its plan; null: never. */
  reviewAt: Date | null;
  /** When its chasing runs out, and why (decision 0039); null while there is nothing to chase. */
  stop: ChaseStop | null;
}

/**
 * Make these customers' events match their plans at `now` (decision 0018): new steps within the
 * horizon become pending events, future pending ones move with the plan or are superseded with
 * the reason their plan went away, skipped steps are recorded and never sent. Every status set is
 * a row of event_status_change. The customers are locked (in id order, so passes and edits never
 * deadlock on them) for the rest of the caller's transaction: a pass and an edit of the same
 * customer never interleave, and a second pass waits, then finds nothing left to do. Writers call
 * it in their own transaction right after refreshing the customers' figures.
 */
export async function reconcileCustomers(
  db: DbOrTx,
  orgId: string,
  customerIds: readonly string[],
  now: Date,
  context?: PlanContext,
): Promise<ReconcileSummary> {
  if (customerIds.length === 0) return noChanges();
  return withOrg(db, orgId, async (tx) => {
    // A chunk's reads are a few thousand rows found by index: starting parallel workers for them
    // costs more than it saves, and far more on a busy machine (a third of a pass at a million customers).
    await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true)`);
    await tx.execute(sql`select id from customer where org_id = ${orgId} and id = any(${uuidArray(customerIds)}) order by id for update`);
    const ctx = context ?? (await loadPlanContext(tx, orgId));
    const inputs = await loadCustomerPlanInputs(tx, orgId, customerIds, now);
    const sendingDisabled = ctx.chasing.settings.sending_mode === 'disabled';
    const work: CustomerWork[] = inputs.map((customer) => {
      const workflow = effectiveWorkflow(ctx, customer.ownWorkflowId);
      const plan = planCustomer(ctx, customer, workflow, now);
      const unaddressed = new Set(customer.events.filter((e) => e.inEpisode && e.statusReason === 'no_recipient').flatMap((e) => stepKeyOf(e) ?? []));
      const reviewAt = nextReviewAt(plan.emails, now, unaddressed);
      const stop = chaseStopOf(customer, workflow, plan, { sendingDisabled, now });
      return { customer, workflow, changes: reconcilePlan(customer, plan.emails, now), reviewAt, stop };
    });
    const contents = await renderContents(tx, ctx, work, now);
    const ended = work.flatMap((w) => w.changes.orphans.filter((e) => !e.inEpisode).map((e) => ({ event: e, customerId: w.customer.id })));
    const endedBy = await episodeEnds(tx, orgId, ended);

    const creates: NewPlannedEvent[] = [];
    const supersedes: { eventId: string; reason: StatusReason }[] = [];
    for (const { customer, workflow, changes } of work) {
      for (const c of changes.create) {
        if (!workflow) continue;
        const rendered = contents.get(c.email.dedupeKey);
        const content = { content: rendered?.content ?? null, renderError: rendered?.error ?? null };
        creates.push({ customerId: customer.id, workflowId: workflow.id, episode: customer.episode, ...c, ...content });
      }
      for (const s of changes.supersede) supersedes.push({ eventId: s.event.id, reason: s.reason });
      for (const o of changes.orphans) {
        supersedes.push({ eventId: o.id, reason: orphanReason(o, customer, workflow, { sendingDisabled, endedBy: endedBy.get(o.id) }) });
      }
    }
    const revivals = work.flatMap((w) =>
      w.changes.revive.map((r) => {
        const rendered = contents.get(r.email.dedupeKey);
        return { eventId: r.event.id, email: r.email, content: rendered?.content ?? null, renderError: rendered?.error ?? null };
      }),
    );
    const summary = {
      customers: inputs.length,
      superseded: await supersedeEvents(tx, orgId, now, supersedes),
      created: await insertPlannedEvents(tx, orgId, now, creates),
      moved: await moveEvents(tx, orgId, now, work.flatMap((w) => w.changes.move.map((m) => ({ eventId: m.event.id, email: m.email })))),
      revived: await reviveEvents(tx, orgId, now, revivals),
    };
    await recordReviews(tx, orgId, work, now);
    return summary;
  });
}

/**
 * Note, for each customer, the standing just planned from, when time alone can next change its
 * plan, and when and why its chasing stops (decision 0039).
 */
async function recordReviews(tx: Tx, orgId: string, work: CustomerWork[], now: Date): Promise<void> {
  const reviews = JSON.stringify(
    work.map((w) => ({
      id: w.customer.id,
      episode: w.customer.standingMark,
      review_at: w.reviewAt?.toISOString() ?? null,
      stop_reason: w.stop?.reason ?? null,
      stops_at: w.stop?.at.toISOString() ?? null,
    })),
  );
  // The episode is written as it was read, so a standing that moved meanwhile is still read again.
  // Rows already right are left alone: a customer row carries a dozen indexes, and a pass after a
  // settings change reads every chased customer to change few. A stop already reached for the same
  // reason keeps its time: "stopped since" is when it stopped, not when a pass last looked.
  // Kept: the same reason, reached before and still reached at this pass (`now`).
  const kept = sql`c.chase_stop_reason is not distinct from r.stop_reason::chase_stop_reason
    and c.chase_stops_at <= r.stops_at and r.stops_at <= ${now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    update customer c set plan_episode = r.episode, plan_review_at = r.review_at,
      chase_stop_reason = r.stop_reason::chase_stop_reason,
      chase_stops_at = case when ${kept} then c.chase_stops_at else r.stops_at end
    from jsonb_to_recordset(${reviews}::jsonb) as r(id uuid, episode timestamptz, review_at timestamptz, stop_reason text, stops_at timestamptz)
    where c.org_id = ${orgId} and c.id = r.id
      and (c.plan_episode is distinct from r.episode or c.plan_review_at is distinct from r.review_at
           or c.chase_stop_reason is distinct from r.stop_reason::chase_stop_reason
           or (c.chase_stops_at is distinct from r.stops_at and not (${kept})))`);
}

/**
 * The subject of every email about to be planned (created pending, or revived), rendered as the
 * preview renders it from the customer's overdue invoices today: Activity lists it. The body is
 * not rendered here — a pending email is rendered when read or sent (decision 0020), and the body
 * (juice inlining the stylesheet) was most of a pass's cost. A step recorded as never to be sent
 * (skipped, no recipient) is not rendered at all. A subject that fails to render does not stop the
 * customer's other writes (an invoice being paid must not fail on it): the event keeps the error.
 */
async function renderContents(
  tx: Tx,
  context: PlanContext,
  work: CustomerWork[],
  now: Date,
): Promise<Map<string, { content: PlannedContent | null; error: string | null }>> {
  const rendered = new Map<string, { content: PlannedContent | null; error: string | null }>();
  const toRender = (w: CustomerWork): PlannedEmail[] => [
    ...w.changes.create.filter((c) => c.status === 'pending').map((c) => c.email),
    ...w.changes.revive.map((r) => r.email),
  ];
  const needing = work.filter((w) => toRender(w).length > 0);
  if (needing.length === 0) return rendered;
  const today = organisationToday(context.chasing.settings.time_zone, now);
  const invoices = await loadLetterInvoices(tx, context.orgId, needing.map((w) => w.customer.id), today);
  for (const w of needing) {
    const mail = customerMailOf(w.customer, invoices.get(w.customer.id) ?? []);
    // Nothing to list (every overdue invoice in a Stripe retry): the email waits, and a subject
    // of £0.00 would only mislead Activity; it is rendered when read or sent (decision 0036).
    if (mail.invoices.length === 0) continue;
    for (const email of toRender(w)) {
      try {
        const subject = await renderPlannedSubject(context, mail, email);
        rendered.set(email.dedupeKey, { content: subject === null ? null : { subject }, error: null });
      } catch (error) {
        rendered.set(email.dedupeKey, { content: null, error: `The email could not be rendered: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
  }
  return rendered;
}

/**
 * For each pending event of an episode that has ended, the reason of the first standing
 * transition after the episode began: what ended it (one read for all of them).
 */
async function episodeEnds(tx: Tx, orgId: string, orphans: { event: KnownEvent; customerId: string }[]): Promise<Map<string, string>> {
  const ends = new Map<string, string>();
  const dated = orphans.filter((o) => o.event.episodeStart !== null);
  if (dated.length === 0) return ends;
  const values = JSON.stringify(dated.map((o) => ({ id: o.event.id, customer_id: o.customerId })));
  const rows = await tx.execute<{ id: string; reason: string }>(sql`
    select distinct on (o.id) o.id, t.reason
    from jsonb_to_recordset(${values}::jsonb) as o(id uuid, customer_id uuid)
    join event e on e.id = o.id and e.org_id = ${orgId}
    join standing_transition t on t.org_id = ${orgId} and t.customer_id = o.customer_id and t.at > e.episode_start
    order by o.id, t.at, t.created_at`);
  for (const r of rows.rows) ends.set(r.id, r.reason);
  return ends;
}
