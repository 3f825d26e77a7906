import { TO_DO_FOLLOW_UPS_LISTED, type ToDo } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';

/**
 * Follow-ups of notes and calls due on the organisation's `today` or before and not yet done
 * (decision 0043): how many, and the oldest few by name for To do to list, each with its
 * customer. Served by customer_note_follow_up_idx (to do only, by day).
 */
export async function findFollowUpsDue(tx: Tx, orgId: string, today: string): Promise<Pick<ToDo, 'follow_ups_due' | 'follow_ups'>> {
  const result = await tx.execute<ToDo['follow_ups'][number] & { total: number }>(sql`
    select n.id as note_id, n.customer_id, c.name as customer_name, n.kind, n.contact_name, n.outcome, n.body,
           to_char(n.follow_up_on, 'YYYY-MM-DD') as follow_up_on, count(*) over ()::int as total
    from customer_note n
    join customer c on c.id = n.customer_id and c.org_id = n.org_id
    where n.org_id = ${orgId} and n.follow_up_on is not null and n.follow_up_done_at is null and n.follow_up_on <= ${today}::date
    order by n.follow_up_on, n.happened_at, n.id
    limit ${TO_DO_FOLLOW_UPS_LISTED}`);
  const rows = result.rows;
  return {
    follow_ups_due: rows[0]?.total ?? 0,
    follow_ups: rows.map(({ total: _total, ...row }) => row),
  };
}
