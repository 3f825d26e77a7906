import { performance } from 'node:perf_hooks';

import type pg from 'pg';

/**
 * The scheduling benchmark's baseline (issue 11): one hand-written set-based SQL pass computing,
 * from the invoices alone, what the daily figures refresh and the scheduler pass compute — each
 * customer's standing and figures, then every event the scheduler would create, move or supersede
 * at `now` — and writing it to two unlogged scratch tables. Two statements in one transaction, no
 * loop over customers (the recursive CTE walks a workflow's steps, at most one round per step).
 *
 * It models the book's configuration and checks it holds (`requireModelledSettings`): the send
 * calendar (zone, working days, window) is read from the settings, but no public holidays, no
 * Stripe retries, no notices, no paused customer, and a weekly cap no customer can reach.
 *
 * The episode (standing_since) is a fact of history, not of the invoices: when the refresh first
 * saw the standing. The benchmark's refresh runs at 07:00 UTC each day and its switch-on dates every
 * owing customer by the same rule, so an episode begins at 07:00 UTC the day after the invoice that
 * made the standing (the oldest overdue one for single_missed, the second oldest for
 * multiple_missed) fell due. `episodeRule` is that rule; the benchmark compares the standings too.
 */

const SCRATCH = `
  create unlogged table if not exists bench_sql_standing (
    customer_id uuid primary key, amount_overdue bigint not null, n_invoices integer not null,
    due_date date, days_late integer, standing text not null, standing_since timestamptz);
  create unlogged table if not exists bench_sql_event (
    kind text not null, customer_id uuid not null, action_id uuid, event_id uuid, status text,
    send_at timestamptz, due_day date, dedupe_key text)`;

/** The episode a standing began, from its overdue due dates in order (see the header). */
export const episodeRule = (dueDates: string): string => `
  (case count(${dueDates}) when 0 then null when 1 then min(${dueDates})
     else (array_agg(${dueDates} order by ${dueDates}))[2] end + 1 + time '07:00') at time zone 'UTC'`;

// $1 org, $2 now. The organisation's today is its date at `now` in its zone.
const STANDINGS = `
  insert into bench_sql_standing (customer_id, amount_overdue, n_invoices, due_date, days_late, standing, standing_since)
  select c.id, coalesce(sum(i.amount_remaining), 0), count(i.id), min(i.due_date), t.today - min(i.due_date),
         case count(i.id) when 0 then 'in_good_standing' when 1 then 'single_missed' else 'multiple_missed' end,
         ${episodeRule('i.due_date')}
  from customer c
  cross join (select ($2::timestamptz at time zone s.timezone)::date as today from org_settings s where s.org_id = $1) t
  left join invoice i on i.org_id = $1 and i.customer_id = c.id and i.status = 'open' and i.amount_remaining > 0 and i.due_date < t.today
  where c.org_id = $1
  group by c.id, t.today`;

// $1 org, $2 now. Each step placed as planSchedule places it: due day = the episode's first day (in
// the zone) + delay; from the later of the due day's window start and the step before it plus a
// minute (or now, or a minute after the episode's last email out); then the first instant inside
// the window of a working day. Stale: more days late than max(delay, 1), unless already planned.
const PLAN = `
  with recursive
  settings as (
    select s.timezone as tz, (s.send_window->>'start')::time as w_start, (s.send_window->>'end')::time as w_end,
           array(select jsonb_array_elements_text(s.send_window->'days')::int) as days,
           ($2::timestamptz at time zone s.timezone)::date as today
    from org_settings s where s.org_id = $1 and s.sending_mode <> 'disabled'),
  -- Each day from today with the first working day after it (a holiday would be one more non-working day).
  calendar as materialized (
    -- Walked backwards, so the frame's head stays put and the minimum is kept as it goes (not recomputed per row).
    select day, working, min(day) filter (where working) over (order by day desc rows between unbounded preceding and 1 preceding) as next_working
    from (select g::date as day, extract(isodow from g)::int = any(st.days) as working
          from settings st, generate_series(st.today, st.today + 400, interval '1 day') g) d),
  chased as materialized (
    select s.customer_id, s.standing, s.standing_since,
           (s.standing_since at time zone st.tz)::date as start_day,
           to_char(s.standing_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as episode,
           coalesce(c.workflow_id, (select w.id from workflow w where w.org_id = $1 and w.is_default)) as workflow_id
    from bench_sql_standing s
    join customer c on c.org_id = $1 and c.id = s.customer_id
    cross join settings st
    where s.standing in ('single_missed', 'multiple_missed')),
  -- The customer's outbox events of its current episode, as episodeHistory reads them.
  known as materialized (
    select e.id, e.customer_id, e.workflow_action_id, e.scheduled_for,
           e.status = 'pending' and e.scheduled_for > $2::timestamptz as future,
           e.status = 'superseded' and e.status_reason in ('workflow_changed', 'workflow_disabled', 'step_removed', 'sending_disabled') as revivable,
           e.status in ('success', 'draft_success', 'unknown') or (e.status = 'pending' and e.scheduled_for <= $2::timestamptz) as gone_out,
           coalesce(e.sent_at, e.scheduled_for, e.created_at) as at
    from event e join chased ch on ch.customer_id = e.customer_id and e.episode_start = ch.standing_since
    where e.org_id = $1 and e.direction = 'outbox' and e.answers_event_id is null),
  last_out as (select customer_id, max(at) as at from known where gone_out group by customer_id),
  reachable as (
    select customer_id, bool_or(role = 'primary') as primary_ok, bool_or(role = 'escalation') as escalation_ok
    from contact where org_id = $1 and undeliverable_at is null group by customer_id),
  steps as materialized (
    select ch.customer_id, a.id as action_id, ch.episode, ch.start_day + a.delay_days as due_day, k.id as event_id, k.scheduled_for,
           row_number() over (partition by ch.customer_id order by a.delay_days, a.position) as rn,
           k.id is null and st.today - (ch.start_day + a.delay_days) > greatest(a.delay_days, 1) as stale,
           not coalesce(case t.kind when 'regular_email' then r.primary_ok else r.escalation_ok end, false) as unsendable
    from chased ch
    cross join settings st
    join workflow w on w.org_id = $1 and w.id = ch.workflow_id and w.enabled
    join workflow_action a on a.org_id = $1 and a.workflow_id = w.id and a.standing::text = ch.standing::text
    join email_template t on t.org_id = $1 and t.id = a.email_id
    left join reachable r on r.customer_id = ch.customer_id
    -- Only a future pending event of the step survives as a step to place; any other makes it done.
    left join known k on k.customer_id = ch.customer_id and k.workflow_action_id = a.id and k.future
    where not exists (
      select 1 from known d where d.customer_id = ch.customer_id and d.workflow_action_id = a.id and not d.future and not d.revivable)),
  placed (customer_id, rn, action_id, episode, due_day, event_id, scheduled_for, stale, unsendable, send_at, not_before) as (
    select ch.customer_id, 0::bigint, null::uuid, ch.episode, null::date, null::uuid, null::timestamptz, false, false, null::timestamptz,
           greatest($2::timestamptz, lo.at + interval '1 minute')
    from chased ch left join last_out lo on lo.customer_id = ch.customer_id
    union all
    select s.customer_id, s.rn, s.action_id, s.episode, s.due_day, s.event_id, s.scheduled_for, s.stale, s.unsendable, slot.send_at,
           case when s.stale or s.unsendable then p.not_before else slot.send_at + interval '1 minute' end
    from placed p
    join steps s on s.customer_id = p.customer_id and s.rn = p.rn + 1
    cross join settings st
    cross join lateral (select greatest((s.due_day + st.w_start) at time zone st.tz, p.not_before) at time zone st.tz as local_from) f
    join calendar cd on cd.day = f.local_from::date
    cross join lateral (
      select (case when cd.working and f.local_from::time < st.w_end then greatest(f.local_from, cd.day + st.w_start)
                   else cd.next_working + st.w_start end) at time zone st.tz as send_at) slot),
  planned as (select * from placed where rn > 0),
  creates as (
    insert into bench_sql_event (kind, customer_id, action_id, status, send_at, due_day, dedupe_key)
    select 'create', customer_id, action_id, case when stale or unsendable then 'superseded' else 'pending' end, send_at, due_day,
           customer_id || ':' || action_id || ':' || episode
    from planned
    where event_id is null
      and (stale or (unsendable and send_at <= $2::timestamptz) or (not unsendable and send_at <= $2::timestamptz + interval '14 days'))
    returning 1),
  moves as (
    insert into bench_sql_event (kind, customer_id, action_id, event_id, status, send_at, due_day)
    select 'move', customer_id, action_id, event_id, 'pending', send_at, due_day
    from planned where event_id is not null and not unsendable and send_at <> scheduled_for
    returning 1),
  -- Every future pending email the plans no longer hold: an ended episode's, or a step with nobody to write to.
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
 * retries or notices, no paused customer, and a weekly cap at least the number of steps of every
 * chasing standing together (standings only climb in the book: no invoice is paid during the run,
 * so a customer meets each step at most once and the cap never defers anything).
 */
export async function requireModelledSettings(pool: pg.Pool, orgId: string): Promise<void> {
  const { rows } = await pool.query<{ problem: string | null }>(
    `select case
       when s.holiday_region is not null then 'public holidays are set'
       when s.weekly_cap < (select count(*) from workflow_action a where a.org_id = $1) then 'the weekly cap can bind'
       when exists (select 1 from invoice i where i.org_id = $1 and (i.payment_retry_at is not null or i.retries_ended_at is not null)) then 'Stripe retries'
       when exists (select 1 from event e where e.org_id = $1 and e.notice is not null) then 'notices'
       when exists (select 1 from customer c where c.org_id = $1 and c.standing = 'paused') then 'paused customers'
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
