import type { Db } from '@receivables/server/testing';
import { sql } from 'drizzle-orm';

/**
 * The benches' book of `n` customers, in four set-based statements: three invoices each, due from
 * 90 days ago to 30 days ahead of the database's today; most of the past ones paid, one in
 * eighteen still open (some part-paid); one in ten of those not yet due unpaid. Each customer has
 * a primary contact, half an escalation one; three currencies. Figures are not computed.
 */
export async function populateBook(db: Db, orgId: string, n: number): Promise<void> {
  await db.execute(sql`
    insert into customer (org_id, name, currency)
    select ${orgId}, 'Customer ' || g, (array['GBP', 'EUR', 'USD'])[1 + g % 3] from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into contact (org_id, customer_id, email, role)
    select org_id, id, 'ap-' || id || '@example.com', 'primary' from customer where org_id = ${orgId}`);
  await db.execute(sql`
    insert into contact (org_id, customer_id, email, role)
    select org_id, id, 'boss-' || id || '@example.com', 'escalation' from customer where org_id = ${orgId} and abs(hashtext(id::text)) % 2 = 0`);
  await db.execute(sql`
    insert into invoice (org_id, customer_id, number, currency, amount_due, amount_paid, amount_remaining, issued_on, due_date, status)
    select org_id, customer_id, number, currency, amount, paid, amount - paid, due - 30, due, case when open then 'open' else 'paid' end::invoice_status
    from (
      select c.org_id, c.id as customer_id, 'INV-' || k || '-' || c.id as number, c.currency,
             10000 + abs(hashtext(key || 'amount')) % 500000 as amount,
             current_date + 29 - abs(hashtext(key || 'due')) % 120 as due,
             abs(hashtext(key || 'open')) % 180 as open_draw, abs(hashtext(key || 'part')) % 5 = 0 as part
      from customer c cross join generate_series(1, 3) k
      cross join lateral (select c.id::text || ':' || k as key) x
      where c.org_id = ${orgId}
    ) i
    cross join lateral (select case when due < current_date then open_draw < 10 else open_draw < 18 end as open) o
    cross join lateral (select case when open and part then amount / 3 when open then 0 else amount end as paid) p`);
}

/**
 * Move a book seeded `days` ago to today: every invoice's dates `days` later, so what was due
 * yesterday then is due yesterday now. Figures are not touched (the benches compute them).
 */
export async function bringBookForward(db: Db, orgId: string, days: number): Promise<void> {
  if (days === 0) return;
  await db.execute(sql`
    update invoice set issued_on = issued_on + ${days}::int, due_date = due_date + ${days}::int where org_id = ${orgId}`);
}
