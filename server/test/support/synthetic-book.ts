import { sql } from 'drizzle-orm';

import type { Db } from '../../src/db/client';

/**
 * A made-up book of `customers` customers for one organisation, written with set-based SQL so a
 * million take minutes, not hours; the same numbers give the same book on every run (everything
 * derives from each customer's number, none from random()). Shared by the EXPLAIN tests and the
 * scale benchmark (decision 0029).
 *
 * The spread: four currencies (GBP 55 %, EUR 20 %, USD 20 %, JPY 5 %); a primary contact each and an
 * escalation contact for a third; 20 tags, one on 30 % of customers and a second on 10 %; one to
 * five invoices each (three on average) due from 200 days ago to 30 days ahead, nearly all of those
 * due over three weeks ago paid and half the more recent, a fifth of the open ones part-paid, a few
 * voided (about one customer in five owes something overdue); a payment for each paid or part-paid
 * invoice. The figures (amount overdue, standing) are set as the daily pass would set them today.
 */
export async function seedSyntheticBook(db: Db, orgId: string, customers: number): Promise<void> {
  const h = (expr: string) => sql.raw(`abs(hashtext(${expr}))`);
  await db.execute(sql`
    insert into tag (org_id, name, colour)
    select ${orgId}, 'Segment ' || lpad(g::text, 2, '0'), (array['#1565c0','#2e7d32','#c62828','#6a1b9a','#ef6c00'])[1 + g % 5]
    from generate_series(1, 20) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into customer (org_id, name, currency, external_ref, last_chase_at, created_at)
    select ${orgId},
           (array['Harbour','Northwind','Kestrel','Atlas','Meridian','Beacon','Summit','Willow','Juniper','Foxglove','Orchard','Granite'])[1 + ${h("g::text || 'n'")} % 12]
             || ' ' || (array['Traders','Logistics','Bakery','Foods','Studio','Partners','Holdings','Supplies','Dental','Motors'])[1 + ${h("g::text || 'm'")} % 10]
             || ' ' || g,
           case when ${h("g::text || 'c'")} % 20 < 11 then 'GBP' when ${h("g::text || 'c'")} % 20 < 15 then 'EUR'
                when ${h("g::text || 'c'")} % 20 < 19 then 'USD' else 'JPY' end,
           'synthetic:' || g,
           case when g % 3 = 0 then null else now() - (${h("g::text || 'l'")} % 90) * interval '1 day' end,
           now() - (${h("g::text || 't'")} % 1100) * interval '1 day'
    from generate_series(1, ${customers}) g`);
  await db.execute(sql`
    insert into contact (org_id, customer_id, name, email, role)
    select c.org_id, c.id, 'Accounts payable', 'ap' || substr(c.external_ref, 11) || '@' || split_part(lower(c.name), ' ', 1) || '.example', 'primary'::contact_role
    from customer c where c.org_id = ${orgId}
    union all
    select c.org_id, c.id, 'Finance director', 'fd' || substr(c.external_ref, 11) || '@' || split_part(lower(c.name), ' ', 1) || '.example', 'escalation'::contact_role
    from customer c where c.org_id = ${orgId} and ${h('c.external_ref')} % 3 = 0`);
  await db.execute(sql`
    insert into customer_tag (org_id, customer_id, tag_id)
    select c.org_id, c.id, t.id
    from customer c
    cross join lateral (select unnest(array[${h("c.external_ref || 'a'")} % 20, (${h("c.external_ref || 'a'")} + 7) % 20]) as k,
                               unnest(array[${h("c.external_ref || 'p'")} % 10 < 3, ${h("c.external_ref || 'p'")} % 10 = 0]) as has) pick
    join (select id, row_number() over (order by name) - 1 as k from tag where org_id = ${orgId}) t on t.k = pick.k
    where c.org_id = ${orgId} and pick.has`);
  await db.execute(sql`
    insert into invoice (org_id, customer_id, number, currency, amount_due, amount_paid, amount_remaining, issued_on, due_date, status)
    select org_id, customer_id, number, currency, due, paid, case when status = 'open' then due - paid else 0 end, due_date - 30, due_date, status::invoice_status
    from (
      select c.org_id, c.id as customer_id, 'INV-' || substr(c.external_ref, 11) || '-' || k as number, c.currency,
             amount as due, current_date + offset_days as due_date,
             case when fate < 2 then 'void'
                  when offset_days < -20 and fate < 96 then 'paid'
                  when offset_days >= -20 and fate < 50 then 'paid'
                  else 'open' end as status,
             case when fate between 96 and 97 or fate between 50 and 58 then amount / 3 else 0 end as paid
      from customer c
      cross join lateral generate_series(1, 1 + ${h("c.external_ref || 'i'")} % 5) k
      cross join lateral (select (${h("c.external_ref || k || 'a'")} % 400000 + 2000) as amount,
                                 ${h("c.external_ref || k || 'd'")} % 230 - 200 as offset_days,
                                 ${h("c.external_ref || k || 'f'")} % 100 as fate) v
      where c.org_id = ${orgId}
    ) i`);
  await db.execute(sql`
    insert into payment (org_id, customer_id, invoice_id, amount, currency, paid_at)
    select org_id, customer_id, id, case when status = 'paid' then amount_due else amount_paid end, currency, due_date + 3
    from invoice where org_id = ${orgId} and (status = 'paid' or amount_paid > 0)`);
  await db.execute(sql`update invoice set amount_paid = amount_due where org_id = ${orgId} and status = 'paid'`);
  await setSyntheticFigures(db, orgId);
}

/** Amount overdue, invoices overdue, oldest due date, standing and search text, in one pass (as the daily pass would leave them). */
export async function setSyntheticFigures(db: Db, orgId: string): Promise<void> {
  await db.execute(sql`
    update customer c
    set amount_overdue = coalesce(o.amount, 0), n_invoices = coalesce(o.n, 0), due_date = o.due,
        standing = case when o.n is null then 'in_good_standing' when o.n = 1 then 'single_missed' else 'multiple_missed' end::standing,
        standing_since = coalesce(o.due + 1, c.created_at::date)::timestamptz,
        search_text = customer_search_text(c.name, pc.email)
    from customer c2
    left join (
      select customer_id, sum(amount_remaining)::bigint as amount, count(*)::int as n, min(due_date) as due
      from invoice
      where org_id = ${orgId} and status = 'open' and amount_remaining > 0 and due_date < current_date
      group by customer_id
    ) o on o.customer_id = c2.id
    left join contact pc on pc.customer_id = c2.id and pc.role = 'primary'
    where c.id = c2.id and c2.org_id = ${orgId}`);
}
