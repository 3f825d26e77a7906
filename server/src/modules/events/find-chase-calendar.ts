import { addDays, CALENDAR_EMAILS_MAX, type ChaseCalendar, type ChaseCalendarDay, type EmailKind, organisationToday } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { readOrganisationSettings } from '../../org/read-organisation-settings';

/** The name a calendar gives emails whose workflow has since been deleted. */
export const NO_WORKFLOW = 'No workflow';

interface CalendarSqlRow {
  day: string;
  workflow_id: string | null;
  workflow_name: string | null;
  workflow_count: number;
  event_id: string;
  customer_id: string;
  customer_name: string;
  email_name: string | null;
  kind: EmailKind | null;
  send_at: Date | string;
}

/**
 * The pending emails of the organisation's next `days` days, from the start of its today in its
 * own zone, in one statement: each with its day and its workflow's count that day, the first
 * {@link CALENDAR_EMAILS_MAX} of each day and workflow by time.
 */
function calendarSql(orgId: string, today: string, days: number, timeZone: string) {
  return sql`
    with planned as (
      select e.id, e.customer_id, c.name as customer_name, t.name as email_name, e.kind, e.scheduled_for,
             e.workflow_id, w.name as workflow_name,
             (e.scheduled_for at time zone ${timeZone})::date::text as day
      from event e
      join customer c on c.org_id = e.org_id and c.id = e.customer_id
      left join email_template t on t.org_id = e.org_id and t.id = e.email_id
      left join workflow w on w.org_id = e.org_id and w.id = e.workflow_id
      where e.org_id = ${orgId} and e.status = 'pending'
        and e.scheduled_for >= (${today}::date::timestamp at time zone ${timeZone})
        and e.scheduled_for < ((${today}::date + ${days}::integer)::timestamp at time zone ${timeZone})
    ),
    ranked as (
      select planned.*,
             count(*) over (partition by day, workflow_id)::integer as workflow_count,
             row_number() over (partition by day, workflow_id order by scheduled_for, customer_name, id) as n
      from planned
    )
    select day, workflow_id, workflow_name, workflow_count, id as event_id, customer_id, customer_name, email_name, kind,
           scheduled_for as send_at
    from ranked
    where n <= ${CALENDAR_EMAILS_MAX}
    order by day, workflow_name nulls last, workflow_id, scheduled_for, customer_name, id
  `;
}

/** The chasing calendar: every day of the next `days`, its workflows by name and their planned emails by time. */
export async function findChaseCalendar(deps: { db: DbOrTx; orgId: string }, days: number, now = new Date()): Promise<ChaseCalendar> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const { time_zone: timeZone } = await readOrganisationSettings(tx, deps.orgId);
    const today = organisationToday(timeZone, now);
    const { rows } = await tx.execute(calendarSql(deps.orgId, today, days, timeZone));
    const calendar: ChaseCalendarDay[] = Array.from({ length: days }, (_, i) => ({ day: addDays(today, i), count: 0, workflows: [] }));
    const byDay = new Map(calendar.map((d) => [d.day, d]));
    for (const row of rows as unknown as CalendarSqlRow[]) {
      const day = byDay.get(row.day);
      if (!day) continue;
      let group = day.workflows.find((w) => w.workflow_id === row.workflow_id);
      if (!group) {
        group = { workflow_id: row.workflow_id, workflow_name: row.workflow_name ?? NO_WORKFLOW, count: row.workflow_count, emails: [] };
        day.workflows.push(group);
        day.count += row.workflow_count;
      }
      group.emails.push({
        event_id: row.event_id,
        customer_id: row.customer_id,
        customer_name: row.customer_name,
        email_name: row.email_name,
        kind: row.kind,
        send_at: new Date(row.send_at).toISOString(),
      });
    }
    return { from: today, time_zone: timeZone, days: calendar };
  });
}
