import type { PageQuery } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A customer's timeline in one statement: standing transitions, payments, invoices and audited
 * edits, UNION ALL, newest first by when each happened — a payment when it was paid, an invoice
 * on the day it was issued, not when either was recorded (an import records a year of history in
 * one minute). Items of the same instant (one transaction) put the effect above its cause: the
 * transition, then the edit, then the money. The total and whether the customer exists ride on
 * every row (past the end, one row with a null id carries them).
 */
export function timelineSql(orgId: string, customerId: string, page: PageQuery): SQL {
  return sql`
    with items as (
      select st.id, 'standing_transition' as kind, st.at, 0 as rank,
             json_build_object('from', st."from", 'to', st."to", 'reason', st.reason) as data
      from standing_transition st
      where st.org_id = ${orgId} and st.customer_id = ${customerId}
      union all
      select p.id, 'payment', p.paid_at, 2,
             json_build_object('amount', p.amount, 'currency', p.currency, 'invoice_number', i.number)
      from payment p
      left join invoice i on i.id = p.invoice_id and i.org_id = p.org_id
      where p.org_id = ${orgId} and p.customer_id = ${customerId}
      union all
      select i.id, 'invoice', i.issued_on::timestamp at time zone 'UTC', 3,
             json_build_object('number', i.number, 'amount_due', i.amount_due, 'currency', i.currency, 'status', i.status,
                               'issued_on', i.issued_on)
      from invoice i
      where i.org_id = ${orgId} and i.customer_id = ${customerId}
      union all
      select a.id, 'edit', a.at, 1,
             json_build_object('action', a.action, 'entity', a.entity, 'entity_id', a.entity_id, 'actor_id', a.actor_id,
                               'before', a.before, 'after', a.after)
      from audit_log a
      where a.org_id = ${orgId} and a.customer_id = ${customerId}
      -- Emails sent and received join here as kind 'email' once the event table exists.
    ),
    page as (
      select * from items order by at desc, rank, id desc limit ${page.limit} offset ${page.offset}
    )
    select (select count(*)::integer from items) as total,
           exists (select 1 from customer c where c.org_id = ${orgId} and c.id = ${customerId}) as found,
           page.id, page.kind, page.at, page.data
    from (select 1) as one
    left join page on true
    order by page.at desc, page.rank, page.id desc
  `;
}
