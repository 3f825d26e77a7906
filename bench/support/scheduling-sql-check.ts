import type pg from 'pg';

/**
 * Each pair: the SQL pass's rows and the product's, as (customer, step, time, status, …) tuples;
 * they must be the same set. The product's side is what its refresh and pass wrote at `now`
 * (every write of a pass carries its clock), read after they ran.
 */
const CHECKS: { what: string; sql: string; product: string }[] = [
  {
    what: 'standings, figures and chases',
    sql: `select customer_id, standing, amount_overdue, n_invoices, due_date,
                 case when standing <> 'in_good_standing' then standing_since end as standing_since, chase_since, chase_due_date
          from bench_sql_standing`,
    product: `select id, standing::text, amount_overdue, n_invoices, due_date,
                     case when standing <> 'in_good_standing' then standing_since end, chase_since, chase_due_date
              from customer where org_id = $1`,
  },
  {
    what: 'events created',
    sql: 'select customer_id, action_id, send_at, status, due_day, dedupe_key from bench_sql_event where kind = \'create\'',
    product: `select customer_id, workflow_action_id, scheduled_for, status::text, due_day, dedupe_key
              from event where org_id = $1 and direction = 'outbox' and created_at = $2::timestamptz`,
  },
  {
    what: 'events moved',
    sql: 'select event_id, send_at from bench_sql_event where kind = \'move\'',
    product: `select id, scheduled_for from event
              where org_id = $1 and status = 'pending' and updated_at = $2::timestamptz and created_at < $2::timestamptz`,
  },
  {
    what: 'events superseded',
    sql: 'select event_id from bench_sql_event where kind = \'supersede\'',
    product: `select id from event
              where org_id = $1 and status = 'superseded' and updated_at = $2::timestamptz and created_at < $2::timestamptz`,
  },
];

/**
 * Throw, with a few of the differing rows, unless the SQL pass's result (runSqlPass at `now`,
 * before the product's pass) is the product's: the same standings, and the same events created,
 * moved and superseded by its pass at `now`. Returns how many rows each side had, by check.
 */
export async function requireSameResult(pool: pg.Pool, orgId: string, now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const check of CHECKS) {
    const params = [orgId, now.toISOString()];
    const { rows } = await pool.query<Record<string, unknown>>(
      `with sql_side as (${check.sql}), product as (${check.product}),
       sql_only as (select * from sql_side except select * from product),
       product_only as (select * from product except select * from sql_side)
       select 'SQL only' as side, (select count(*) from sql_only)::int as differing, (select count(*) from sql_side)::int as total, r.*
       from (select * from sql_only limit 5) r
       union all
       select 'pass only', (select count(*) from product_only)::int, (select count(*) from product)::int, r.*
       from (select * from product_only limit 5) r`,
      check.product.includes('$2') ? params : params.slice(0, 1),
    );
    if (rows.length > 0) {
      const lines = rows.map((r) => `  ${JSON.stringify(r)}`).join('\n');
      throw new Error(`the SQL baseline and the pass differ on the ${check.what} at ${now.toISOString()}:\n${lines}`);
    }
    const total = await pool.query<{ n: number }>(`select count(*)::int as n from (${check.sql}) s`);
    counts[check.what] = total.rows[0]?.n ?? 0;
  }
  return counts;
}
