import { addDays, organisationToday, type ToDo } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type DbOrTx, type Tx, withOrg } from '../../db/client';
import { readOrganisationSettings } from '../../org/read-organisation-settings';
import { countInbound } from '../inbound/find-inbound';

import { findFollowUpsDue } from './find-follow-ups-due';

/** "This week" on Home: pauses ending within the next seven days, today included. */
export const WEEK_DAYS = 7;

/** How far ahead To do looks for the next day emails go when none go today or tomorrow: a fortnight, the planner's horizon. */
export const NEXT_EMAILS_DAYS = 14;

/**
 * What needs a person today (docs/product.md, Home → To do; decision 0040), counted in the
 * organisation's own days: replies nobody has opened, planned emails going out today and
 * tomorrow (else the next day any go), promises to pay due today and promises broken, disputes, pauses ending this week, and
 * follow-ups of notes and calls due (decision 0043).
 * Each count is exactly what its link's filter lists.
 */
export async function getToDo(deps: { db: DbOrTx; orgId: string }, now = new Date()): Promise<ToDo> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    // In the same transaction as the rest: one read of the organisation's state, not two.
    const { unread } = await countInbound({ db: tx, orgId: deps.orgId });
    const { time_zone: timeZone } = await readOrganisationSettings(tx, deps.orgId);
    const today = organisationToday(timeZone, now);
    const tomorrow = addDays(today, 1);
    const weekEnd = addDays(today, WEEK_DAYS - 1);
    // Midnight of a day in the organisation's zone (not always 24 hours apart: summer time).
    const startOf = (day: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
    const emails = await tx.execute<{ today: number; tomorrow: number }>(sql`
      select count(*) filter (where scheduled_for < ${startOf(tomorrow)})::int as today,
             count(*) filter (where scheduled_for >= ${startOf(tomorrow)})::int as tomorrow
      from event
      where org_id = ${deps.orgId} and direction = 'outbox' and status = 'pending'
        and scheduled_for >= ${startOf(today)} and scheduled_for < ${startOf(addDays(today, 2))}`);
    // A promise pauses chasing until the day after the promised one (decision 0040): due today when
    // that is tomorrow. Resumed while still owing, it is a promise broken (the reason is kept).
    const customers = await tx.execute<{ promises_due: number; promises_broken: number; disputes: number; pauses_ending: number }>(sql`
      select count(*) filter (where standing = 'paused' and pause_reason = 'promise' and paused_until = ${tomorrow}::date)::int as promises_due,
             count(*) filter (where standing in ('single_missed', 'multiple_missed') and pause_reason = 'promise')::int as promises_broken,
             count(*) filter (where standing = 'paused' and pause_reason = 'dispute')::int as disputes,
             count(*) filter (where standing = 'paused' and paused_until <= ${weekEnd}::date)::int as pauses_ending
      from customer
      where org_id = ${deps.orgId} and (standing = 'paused' or pause_reason = 'promise')`);
    const followUps = await findFollowUpsDue(tx, deps.orgId, today);
    const e = emails.rows[0];
    // None today or tomorrow (a weekend, a holiday): the next day any go, so the card never says
    // nothing goes out while Monday's are planned.
    const noneSoon = (e?.today ?? 0) + (e?.tomorrow ?? 0) === 0;
    const nextEmails = noneSoon ? await findNextEmailsDay(tx, deps.orgId, timeZone, addDays(today, 2)) : null;
    const c = customers.rows[0];
    return {
      today,
      tomorrow,
      week_end: weekEnd,
      replies_to_read: unread,
      emails_today: e?.today ?? 0,
      emails_tomorrow: e?.tomorrow ?? 0,
      next_emails: nextEmails,
      promises_due: c?.promises_due ?? 0,
      promises_broken: c?.promises_broken ?? 0,
      disputes: c?.disputes ?? 0,
      pauses_ending: c?.pauses_ending ?? 0,
      ...followUps,
    };
  });
}

/** The first day from `from` (within {@link NEXT_EMAILS_DAYS}) that planned emails go out, and how many; null for none. */
async function findNextEmailsDay(tx: Tx, orgId: string, timeZone: string, from: string): Promise<{ day: string; count: number } | null> {
  const startOf = (day: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
  const found = await tx.execute<{ day: string; count: number }>(sql`
    select (scheduled_for at time zone ${timeZone})::date::text as day, count(*)::int as count
    from event
    where org_id = ${orgId} and direction = 'outbox' and status = 'pending'
      and scheduled_for >= ${startOf(from)} and scheduled_for < ${startOf(addDays(from, NEXT_EMAILS_DAYS))}
    group by 1 order by 1 limit 1`);
  return found.rows[0] ?? null;
}
