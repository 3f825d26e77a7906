import type { PageQuery } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A customer's timeline in one statement: standing transitions, payments, invoices, audited
 * edits and emails, UNION ALL, newest first by when each happened — a payment when it was paid,
 * an invoice on the day it was issued, not when either was recorded (an import records a year of
 * history in one minute); an email when it was sent or received, a planned one when it is due to
 * go, a superseded one when it was superseded. Items of the same instant (one transaction) put
 * the effect above its cause: the email, the transition, then the edit, then the money. The total and whether the customer exists ride on
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
             json_build_object('amount', p.amount, 'currency', p.currency, 'invoice_number', i.number,
                               -- A payment on account says where it went (decision 0037).
                               'allocations', coalesce((
                                 select json_agg(json_build_object('invoice_number', ai.number, 'amount', a.amount)
                                                 order by a.created_at, ai.due_date, ai.number)
                                 from payment_allocation a
                                 join invoice ai on ai.id = a.invoice_id and ai.org_id = a.org_id
                                 where a.org_id = p.org_id and a.payment_id = p.id), '[]'::json))
      from payment p
      left join invoice i on i.id = p.invoice_id and i.org_id = p.org_id
      -- A credit note is not a payment received: it is listed with the payments, where its kind says so (decision 0022).
      where p.org_id = ${orgId} and p.customer_id = ${customerId} and p.kind = 'payment'
      union all
      select i.id, 'invoice', i.issued_on::timestamp at time zone 'UTC', 3,
             json_build_object('number', i.number, 'amount_due', i.amount_due, 'currency', i.currency, 'status', i.status,
                               'issued_on', i.issued_on, 'source', i.source)
      from invoice i
      where i.org_id = ${orgId} and i.customer_id = ${customerId}
      union all
      select a.id, 'edit', a.at, 1,
             json_build_object('action', a.action, 'entity', a.entity, 'entity_id', a.entity_id, 'actor_id', a.actor_id,
                               'before', a.before, 'after', a.after,
                               -- Amounts an edit recorded without their currency are in the customer's (decision 0041).
                               'currency', (select cu.currency from customer cu where cu.org_id = a.org_id and cu.id = a.customer_id))
      from audit_log a
      where a.org_id = ${orgId} and a.customer_id = ${customerId}
        -- A note or a call is its own item below: its creation's entry would say it twice (decision 0043).
        and a.action not in ('note.create', 'note.log_call')
      union all
      select n.id, 'note', n.happened_at, 1,
             json_build_object('note_kind', n.kind, 'body', n.body, 'contact_name', n.contact_name, 'outcome', n.outcome,
                               'follow_up_on', n.follow_up_on, 'follow_up_done_at', n.follow_up_done_at, 'actor_id', n.created_by)
      from customer_note n
      where n.org_id = ${orgId} and n.customer_id = ${customerId}
      union all
      select e.id, 'email',
             case when e.status = 'superseded'
                  then coalesce((select max(h.at) from event_status_change h
                                 where h.org_id = e.org_id and h.event_id = e.id and h.status = 'superseded'), e.updated_at)
                  else coalesce(e.sent_at, e.scheduled_for, e.created_at) end,
             -1,
             json_build_object('direction', e.direction, 'status', e.status, 'status_reason', e.status_reason, 'email_kind', e.kind,
                               'email_name', t.name, 'subject', e.subject, 'scheduled_for', e.scheduled_for, 'sent_at', e.sent_at,
                               'actor_id', e.actor_id)
      from event e
      left join email_template t on t.id = e.email_id and t.org_id = e.org_id
      where e.org_id = ${orgId} and e.customer_id = ${customerId}
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
