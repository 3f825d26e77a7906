import { performance } from 'node:perf_hooks';

import type pg from 'pg';

/**
 * The scheduling benchmark's baseline (issue 11): one hand-written set-based SQL pass computing,
 * from the invoices alone, what the daily figures refresh and the scheduler pass compute — each
 * customer's standing, figures and chase, then every event the scheduler would create, move or
 * supersede at `now` — and writing it to two unlogged scratch tables. Two statements in one
 * transaction, no loop over customers (the recursive CTE walks a workflow's steps, at most one
 * round per step).
 *
 * It models the book's configuration and checks it holds (`requireModelledSettings`): the send
 * calendar (zone, working days, window) is read from the settings, but no public holidays, no
 * Stripe retries, no notices, no paused customer, no reminders before a due date, and a weekly cap
 * no customer can reach.
 *
 * The timing is decision 0036's: a step is due its delay in days after the chase's due date (the
 * oldest overdue one); of the steps of the customer's standing whose day has come and that were
 * neither planned nor done in the chase, only the latest goes and the earlier are recorded
 * skipped, as is any step ordered before one already done or planned; a step due on a later day
 * than the one before it goes on a later day. A repeating step goes again every so many days until
 * the next step of its standing has its day; of its repeats whose day has come only the latest is
 * offered (the earlier are over, not recorded), and a repeat is keyed `#n` in its dedupe key.
 *
 * The chase's start (the episode: the dedupe key's last part) and the standing's start are facts
 * of history, not of the invoices: when a refresh first saw the customer owing, and first saw its
 * standing. The benchmark's refresh runs at 07:00 UTC each day, its switch-on dates every owing
 * customer by the same rules, and nothing is paid during the run (standings only climb, a chase
 * never ends), so a chase begins at 07:00 UTC the day after the oldest overdue invoice fell due
 * (`chaseRule`; that due date is the chase's), and a standing at 07:00 UTC the day after the
 * invoice that made it fell due — the oldest for single_missed, the second oldest for
 * multiple_missed (`standingRule`). The benchmark compares both.
 */

const SCRATCH = `
  drop table if exists bench_sql_standing, bench_sql_event;
  create unlogged table bench_sql_standing (
    customer_id uuid primary key, amount_overdue bigint not null, n_invoices integer not null,
    due_date date, days_late integer, standing text not null, standing_since timestamptz,
    chase_since timestamptz, chase_due_date date);
  create unlogged table bench_sql_event (
    kind text not null, customer_id uuid not null, action_id uuid, event_id uuid, status text,
    send_at timestamptz, due_day date, dedupe_key text)`;

/** When the current standing began, from its overdue due dates in order (see the header). */
export const standingRule = (dueDates: string): string => `
  (case count(${dueDates}) when 0 then null when 1 then min(${dueDates})
     else (array_agg(${dueDates} order by ${dueDates}))[2] end + 1 + time '07:00') at time zone 'UTC'`;

/** When the chase began, from its overdue due dates (see the header): the episode. */
export const chaseRule = (dueDates: string): string => `(min(${dueDates}) + 1 + time '07:00') at time zone 'UTC'`;

// $1 org, $2 now. The organisation's today is its date at `now` in its zone.
const STANDINGS = `
  insert into bench_sql_standing (customer_id, amount_overdue, n_invoices, due_date, days_late, standing, standing_since, chase_since, chase_due_date)
  select c.id, coalesce(sum(i.amount_remaining), 0), count(i.id), min(i.due_date), t.today - min(i.due_date),
         case count(i.id) when 0 then 'in_good_standing' when 1 then 'single_missed' else 'multiple_missed' end,
         ${standingRule('i.due_date')}, ${chaseRule('i.due_date')}, min(i.due_date)
  from customer c
  cross join (select ($2::timestamptz at time zone s.timezone)::date as today from org_settings s where s.org_id = $1) t
  left join invoice i on i.org_id = $1 and i.customer_id = c.id and i.status = 'open' and i.amount_remaining > 0 and i.due_date < t.today
  where c.org_id = $1
  group by c.id, t.today`;

// $1 org, $2 now. Each step placed as planSchedule places it (decision 0036). Due day = the chase's
// due date + delay. Skipped: not planned already, and either due by today but not the latest such
// step after the level reached (the last step done or planned), or before that level. Placed from
// the latest of its due day's window start, `not_before` (now, a minute after the chase's last
// email out, a minute after the step before) and, for a step due on a later day than the one
// before it, the window start of the day after that one went; then the first instant inside the
// window of a working day. A skipped step, or one with nobody to write to, moves neither.
const PLAN = `
  with recursive
  settings as (
    select s.timezone as tz, (s.send_window->>'start')::time as w_start, (s.send_window->>'end')::time as w_end,
           array(select jsonb_array_elements_text(s.send_window->'days')::int) as days,
           ($2::timestamptz at time zone s.timezone)::date as today,
           (($2::timestamptz + interval '14 days') at time zone s.timezone)::date as horizon_day
    from org_settings s where s.org_id = $1 and s.sending_mode <> 'disabled'),
  -- Each day from today with the first working day after it (a holiday would be one more non-working day).
  calendar as materialized (
    -- Walked backwards, so the frame's head stays put and the minimum is kept as it goes (not recomputed per row).
    select day, working, min(day) filter (where working) over (order by day desc rows between unbounded preceding and 1 preceding) as next_working
    from (select g::date as day, extract(isodow from g)::int = any(st.days) as working
          from settings st, generate_series(st.today, st.today + 400, interval '1 day') g) d),
  chased as materialized (
    select s.customer_id, s.standing, s.chase_since, s.chase_due_date as anchor_day,
           to_char(s.chase_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as episode,
           coalesce(c.workflow_id, (select w.id from workflow w where w.org_id = $1 and w.is_default)) as workflow_id
    from bench_sql_standing s
    join customer c on c.org_id = $1 and c.id = s.customer_id
    where s.standing in ('single_missed', 'multiple_missed')),
  -- The customer's outbox events of its chase (either standing's), as episodeHistory reads them.
  known as materialized (
    select e.id, e.customer_id, e.workflow_action_id, e.scheduled_for, e.due_day,
           coalesce(substring(e.dedupe_key from '#([0-9]+)$')::int, 0) as occurrence,
           e.status = 'pending' and e.scheduled_for > $2::timestamptz as future,
           e.status = 'superseded' and e.status_reason in ('workflow_changed', 'workflow_disabled', 'step_removed', 'sending_disabled') as revivable,
           e.status in ('success', 'draft_success', 'unknown') or (e.status = 'pending' and e.scheduled_for <= $2::timestamptz) as gone_out,
           coalesce(e.sent_at, e.scheduled_for, e.created_at) as at
    from event e join chased ch on ch.customer_id = e.customer_id and e.episode_start = ch.chase_since
    where e.org_id = $1 and e.direction = 'outbox' and e.answers_event_id is null),
  -- The chase's last email out and its due day (of equal times the first by id, as episodeHistory reads them).
  last_out as (select distinct on (customer_id) customer_id, at, due_day from known where gone_out order by customer_id, at desc, id),
  done as (
    select distinct customer_id, workflow_action_id, occurrence from known
    where workflow_action_id is not null and not future and not revivable),
  reachable as (
    select customer_id, bool_or(role = 'primary') as primary_ok, bool_or(role = 'escalation') as escalation_ok
    from contact where org_id = $1 and undeliverable_at is null group by customer_id),
  -- A repeating step repeats until the next step of its standing has its day.
  repeating as (
    select a.id, a.repeat_days,
           (select min(b.delay_days) from workflow_action b
            where b.org_id = $1 and b.workflow_id = a.workflow_id and b.standing = a.standing and b.delay_days > a.delay_days) as until
    from workflow_action a where a.org_id = $1 and a.repeat_days is not null),
  -- Every sending of the customer's standing's steps, in order (i): each step on its own day
  -- (occurrence 0), and a repeating step's repeats from the latest whose day has come (the earlier
  -- ones are over) to the first beyond the horizon; with its future pending event if planned, and
  -- whether it is done.
  standing_steps as (
    select ch.customer_id, a.id as action_id, o.n as occurrence, ch.episode, ch.anchor_day + a.delay_days + o.n * coalesce(a.repeat_days, 0) as due_day,
           k.id as event_id, k.scheduled_for, k.due_day as event_due_day, d.workflow_action_id is not null as done,
           row_number() over (partition by ch.customer_id order by a.delay_days + o.n * coalesce(a.repeat_days, 0), a.position) as i,
           -- An escalation with no escalation contact goes to the primary one (decision 0036).
           not coalesce(case t.kind when 'regular_email' then r.primary_ok else r.primary_ok or r.escalation_ok end, false) as unsendable
    from chased ch
    cross join settings st
    join workflow w on w.org_id = $1 and w.id = ch.workflow_id and w.enabled
    join workflow_action a on a.org_id = $1 and a.workflow_id = w.id and a.standing::text = ch.standing::text
    join email_template t on t.org_id = $1 and t.id = a.email_id
    left join repeating rp on rp.id = a.id
    cross join lateral (
      select 0 as n
      union all
      select generate_series(x.first, least(x.last_before_until, greatest(x.first, x.first_beyond_horizon)))
      from (select greatest(1, floor((st.today - ch.anchor_day - a.delay_days)::numeric / rp.repeat_days)::int) as first,
                   coalesce(ceil((rp.until - a.delay_days)::numeric / rp.repeat_days)::int - 1, 2147483647) as last_before_until,
                   floor((st.horizon_day - ch.anchor_day - a.delay_days)::numeric / rp.repeat_days)::int + 1 as first_beyond_horizon) x
      where rp.id is not null) o
    left join reachable r on r.customer_id = ch.customer_id
    left join known k on k.customer_id = ch.customer_id and k.workflow_action_id = a.id and k.occurrence = o.n and k.future
    left join done d on d.customer_id = ch.customer_id and d.workflow_action_id = a.id and d.occurrence = o.n),
  -- The level reached: the last step done or planned (0: none).
  leveled as (
    select s.*, coalesce(max(i) filter (where done or event_id is not null) over (partition by customer_id), 0) as level
    from standing_steps s),
  -- The catch-up: the latest step after that level whose day has come.
  caught as (
    select l.*, max(i) filter (where i > level and due_day <= st.today) over (partition by customer_id) as catch_up
    from leveled l cross join settings st),
  steps as materialized (
    select customer_id, action_id, occurrence, episode, due_day, event_id, scheduled_for, event_due_day, unsendable,
           event_id is null and (due_day <= st.today or i < level) and i is distinct from catch_up as skipped,
           row_number() over (partition by customer_id order by i) as rn
    from caught cross join settings st
    where not done),
  placed (customer_id, rn, action_id, occurrence, episode, due_day, event_id, scheduled_for, event_due_day, skipped, unsendable,
          send_at, not_before, prev_due_day, prev_at) as (
    select ch.customer_id, 0::bigint, null::uuid, 0, ch.episode, null::date, null::uuid, null::timestamptz, null::date, false, false,
           null::timestamptz, greatest($2::timestamptz, lo.at + interval '1 minute'), lo.due_day, lo.at
    from chased ch left join last_out lo on lo.customer_id = ch.customer_id
    union all
    select s.customer_id, s.rn, s.action_id, s.occurrence, s.episode, s.due_day, s.event_id, s.scheduled_for, s.event_due_day, s.skipped, s.unsendable,
           slot.send_at,
           case when idle.is_idle then p.not_before else slot.send_at + interval '1 minute' end,
           case when idle.is_idle then p.prev_due_day else s.due_day end,
           case when idle.is_idle then p.prev_at else slot.send_at end
    from placed p
    join steps s on s.customer_id = p.customer_id and s.rn = p.rn + 1
    cross join settings st
    cross join lateral (select greatest(
      (s.due_day + st.w_start) at time zone st.tz,
      p.not_before,
      case when s.due_day > p.prev_due_day then ((p.prev_at at time zone st.tz)::date + 1 + st.w_start) at time zone st.tz end
    ) at time zone st.tz as local_from) f
    join calendar cd on cd.day = f.local_from::date
    cross join lateral (
      select (case when cd.working and f.local_from::time < st.w_end then greatest(f.local_from, cd.day + st.w_start)
                   else cd.next_working + st.w_start end) at time zone st.tz as send_at) slot
    cross join lateral (select s.skipped or s.unsendable as is_idle) idle),
  planned as (select * from placed where rn > 0),
  creates as (
    insert into bench_sql_event (kind, customer_id, action_id, status, send_at, due_day, dedupe_key)
    select 'create', customer_id, action_id, case when skipped or unsendable then 'superseded' else 'pending' end, send_at, due_day,
           customer_id || ':' || action_id || ':' || episode || case when occurrence > 0 then '#' || occurrence else '' end
    from planned
    where event_id is null
      and (skipped or (unsendable and send_at <= $2::timestamptz) or (not unsendable and send_at <= $2::timestamptz + interval '14 days'))
    returning 1),
  moves as (
    insert into bench_sql_event (kind, customer_id, action_id, event_id, status, send_at, due_day)
    select 'move', customer_id, action_id, event_id, 'pending', send_at, due_day
    from planned where event_id is not null and not unsendable and (send_at <> scheduled_for or due_day is distinct from event_due_day)
    returning 1),
  -- Every future pending email the plans no longer hold: the single standing's once several are
  -- missed, or a step with nobody to write to.
  supersedes as (
    insert into bench_sql_event (kind, customer_id, action_id, event_id, status)
    select 'supersede', e.customer_id, e.workflow_action_id, e.id, 'superseded'
    from event e
    where e.org_id = $1 and e.direction = 'outbox' and e.answers_event_id is null and e.status = 'pending'
      and e.claimed_at is null and e.scheduled_for > $2::timestamptz
      and not exists (select 1 from planned p where p.event_id = e.id and not p.unsendable)
    returning 1)
  select (select count(*) from creates)::int as created, (select count(*) from moves)::int as moved,
         (select count(*) from supersedes)::int as superseded`;

/** Create the scratch tables the SQL pass writes (once per database). */
export async function createScratch(pool: pg.Pool): Promise<void> {
  await pool.query(SCRATCH);
}

/**
 * Throw unless the organisation is configured as the SQL pass models it: no holidays, no Stripe
 * retries or notices, no paused customer, no reminders before a due date (steps of
 * in_good_standing), and a weekly cap at least the number of steps of every chasing standing
 * together (standings only climb in the book: no invoice is paid during the run, so a customer
 * meets each step at most once, and a repeat at most once a week, and the cap never defers anything).
 */
export async function requireModelledSettings(pool: pg.Pool, orgId: string): Promise<void> {
  const { rows } = await pool.query<{ problem: string | null }>(
    `select case
       when s.holiday_region is not null then 'public holidays are set'
       when s.weekly_cap < (select count(*) from workflow_action a where a.org_id = $1) then 'the weekly cap can bind'
       when exists (select 1 from invoice i where i.org_id = $1 and (i.payment_retry_at is not null or i.retries_ended_at is not null)) then 'Stripe retries'
       when exists (select 1 from event e where e.org_id = $1 and e.notice is not null) then 'notices'
       when exists (select 1 from customer c where c.org_id = $1 and c.standing = 'paused') then 'paused customers'
       when exists (select 1 from workflow_action a where a.org_id = $1 and a.standing::text = 'in_good_standing') then 'reminders before a due date'
     end as problem
     from org_settings s where s.org_id = $1`,
    [orgId],
  );
  const problem = rows[0]?.problem;
  if (problem) throw new Error(`the SQL baseline does not model this organisation: ${problem}`);
}

export interface SqlPassTimes {
  standingMs: number;
  planMs: number;
  created: number;
  moved: number;
  superseded: number;
}

/** Run the SQL pass at `now` into the scratch tables, replacing what an earlier run left; its two statements timed. */
export async function runSqlPass(pool: pg.Pool, orgId: string, now: Date): Promise<SqlPassTimes> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // As refresh_customer_figures runs (migrations 0004, 0026): hash joins whatever the estimates of
    // CTEs and freshly filled tables say (a nested loop over the episode's events cost seconds), no JIT.
    await client.query('set local enable_nestloop = off');
    await client.query('set local jit = off');
    await client.query('truncate bench_sql_standing, bench_sql_event');
    const ts = performance.now();
    await client.query(STANDINGS, [orgId, now.toISOString()]);
    const standingMs = performance.now() - ts;
    const tp = performance.now();
    const { rows } = await client.query<{ created: number; moved: number; superseded: number }>(PLAN, [orgId, now.toISOString()]);
    const planMs = performance.now() - tp;
    await client.query('commit');
    return { standingMs, planMs, created: 0, moved: 0, superseded: 0, ...rows[0] };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
