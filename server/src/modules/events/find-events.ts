import type { EventListQuery, EventListResponse } from '@receivables/contracts';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { event } from '../../db/schema';
import { readOrganisationSettings } from '../../org/read-organisation-settings';

import { eventAt, selectEventRows, toEventRow } from './event-records';

/** The query's filters as SQL: the tab's direction, the customer, the status, the workflow, and whole days of the organisation's zone. */
function eventFilters(query: EventListQuery, timeZone: string): SQL | undefined {
  // Midnight of a day in the organisation's zone (a day is not always 24 hours: summer time).
  const startOf = (day: string, plus = 0) => sql`((${day}::date + ${plus}::integer)::timestamp at time zone ${timeZone})`;
  return and(
    query.tab === 'all' ? undefined : eq(event.direction, query.tab),
    query.customer_id ? eq(event.customerId, query.customer_id) : undefined,
    query.status ? eq(event.status, query.status) : undefined,
    query.workflow_id ? eq(event.workflowId, query.workflow_id) : undefined,
    query.from ? sql`${eventAt} >= ${startOf(query.from)}` : undefined,
    // Up to the end of the `to` day: before the start of the next one.
    query.to ? sql`${eventAt} < ${startOf(query.to, 1)}` : undefined,
  );
}

/**
 * Activity's order (decision 0040). The outbox is a worklist: what is still to go (planned emails,
 * soonest first), then everything else, newest first. All and the inbox are a record: what has
 * happened, newest first, then what is still to go, soonest first — so a fortnight of plans no
 * longer pushes today's sends and replies off the first page.
 */
function eventOrder(tab: EventListQuery['tab']): SQL[] {
  const toGo = sql`(${event.status} = 'pending')`;
  const soonestFirst = sql`case when ${toGo} then ${eventAt} end asc`;
  const newestFirst = sql`case when not ${toGo} then ${eventAt} end desc`;
  return tab === 'outbox' ? [sql`${toGo} desc`, soonestFirst, newestFirst, desc(event.id)] : [sql`${toGo} asc`, newestFirst, soonestFirst, desc(event.id)];
}

/** A page of Activity: the organisation's emails in the tab, in the tab's order (eventOrder), and how many match. */
export async function findEvents(deps: { db: DbOrTx; orgId: string }, query: EventListQuery): Promise<EventListResponse> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const { time_zone: timeZone } = await readOrganisationSettings(tx, deps.orgId);
    const where = eventFilters(query, timeZone);
    const rows = await selectEventRows(tx, deps.orgId, where)
      .orderBy(...eventOrder(query.tab))
      .limit(query.limit)
      .offset(query.offset);
    const [total] = await tx.select({ n: count() }).from(event).where(and(eq(event.orgId, deps.orgId), where));
    return { rows: rows.map(toEventRow), total: total?.n ?? 0 };
  });
}
