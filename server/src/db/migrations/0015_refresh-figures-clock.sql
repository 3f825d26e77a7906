-- refresh_customer_figures, told what time it is.
--
-- The instant a customer enters a standing is the start of its chasing episode: the scheduler
-- counts each step's delay from it and keys each planned email on it (decision 0018). It was the
-- database's now(); it is now p_now (default now()), so the hourly job, and tests and the demo
-- history that move the clock, date standing_since and the standing_transition row by the same
-- clock as the "today" they pass. The three-argument function is dropped so calls stay unambiguous.
DROP FUNCTION IF EXISTS refresh_customer_figures(uuid, uuid[], date);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_customer_figures(
  p_org uuid,
  p_customer_ids uuid[] DEFAULT NULL,
  p_today date DEFAULT current_date,
  p_now timestamptz DEFAULT now()
) RETURNS integer
LANGUAGE sql
SET enable_nestloop = off
AS $$
  WITH overdue AS (
    SELECT i.customer_id,
           sum(i.amount_remaining)::bigint AS amount_overdue,
           count(*)::integer AS n_invoices,
           min(i.due_date) AS due_date
    FROM invoice i
    WHERE i.org_id = p_org
      AND (p_customer_ids IS NULL OR i.customer_id = ANY (p_customer_ids))
      AND i.status = 'open'
      AND i.amount_remaining > 0
      AND i.due_date < p_today
    GROUP BY i.customer_id
  ),
  figures AS (
    SELECT c.id,
           c.standing AS old_standing,
           (c.amount_overdue, c.n_invoices, c.due_date, c.standing) AS stored,
           coalesce(o.amount_overdue, 0) AS amount_overdue,
           coalesce(o.n_invoices, 0) AS n_invoices,
           o.due_date,
           CASE
             WHEN c.standing = 'paused' AND (c.paused_until IS NULL OR c.paused_until > p_today) THEN 'paused'::standing
             WHEN coalesce(o.n_invoices, 0) = 0 THEN 'in_good_standing'::standing
             WHEN o.n_invoices = 1 THEN 'single_missed'::standing
             ELSE 'multiple_missed'::standing
           END AS new_standing
    FROM customer c
    LEFT JOIN overdue o ON o.customer_id = c.id
    WHERE c.org_id = p_org
      AND (p_customer_ids IS NULL OR c.id = ANY (p_customer_ids))
  ),
  -- Only the customers whose figures or standing actually change are written.
  computed AS MATERIALIZED (
    SELECT f.id, f.old_standing, f.amount_overdue, f.n_invoices, f.due_date, f.new_standing
    FROM figures f
    WHERE f.stored IS DISTINCT FROM (f.amount_overdue, f.n_invoices, f.due_date, f.new_standing)
  ),
  -- Whether each returning-to-good customer's most recently settled invoice was voided or
  -- written off rather than paid: tells debt_voided from debt_paid. Only changed customers.
  last_settled AS (
    SELECT DISTINCT ON (i.customer_id) i.customer_id, i.status
    FROM invoice i
    JOIN computed x ON x.id = i.customer_id AND x.new_standing = 'in_good_standing'
    WHERE i.org_id = p_org AND i.status <> 'open'
    ORDER BY i.customer_id, i.updated_at DESC
  ),
  updated AS (
    UPDATE customer c
    SET amount_overdue = x.amount_overdue,
        n_invoices = x.n_invoices,
        due_date = x.due_date,
        standing = x.new_standing,
        standing_since = CASE WHEN x.new_standing <> x.old_standing THEN p_now ELSE c.standing_since END,
        paused_until = CASE WHEN x.old_standing = 'paused' AND x.new_standing <> 'paused' THEN NULL ELSE c.paused_until END,
        updated_at = now()
    FROM computed x
    WHERE c.id = x.id AND c.org_id = p_org
    RETURNING c.id, x.old_standing, x.new_standing
  ),
  transitions AS (
    INSERT INTO standing_transition (org_id, customer_id, "from", "to", reason, at)
    SELECT p_org, u.id, u.old_standing, u.new_standing,
           CASE
             WHEN u.new_standing = 'multiple_missed' AND u.old_standing = 'single_missed' THEN 'to_multiple'
             WHEN u.new_standing = 'single_missed' AND u.old_standing = 'multiple_missed' THEN 'to_single'
             WHEN u.new_standing = 'in_good_standing' AND ls.status IN ('void', 'uncollectible') THEN 'debt_voided'
             WHEN u.new_standing = 'in_good_standing' THEN 'debt_paid'
             ELSE 'days_passed'
           END::transition_reason,
           p_now
    FROM updated u
    LEFT JOIN last_settled ls ON ls.customer_id = u.id
    -- Pausing and resuming are a person's decisions, recorded elsewhere; only system moves here.
    WHERE u.new_standing <> u.old_standing AND u.old_standing <> 'paused' AND u.new_standing <> 'paused'
    RETURNING 1
  )
  SELECT count(*)::integer FROM updated;
$$;
