-- Recompute the derived figures and standing of an organisation's customers (all, or the given
-- ids) from their invoices, as of p_today, in one set-based statement (DESIGN §3):
--   amount_overdue = sum of amount_remaining of open invoices due before p_today
--   n_invoices     = how many such invoices
--   due_date       = the oldest such due date (null when none)
--   standing       = in_good_standing / single_missed / multiple_missed from n_invoices; a paused
--                    customer stays paused until its paused_until date has passed.
-- Each standing change is recorded in standing_transition with its reason. Returns the number of
-- customers whose figures or standing changed. p_today is a parameter so callers (the daily pass,
-- tests) control the clock.
CREATE OR REPLACE FUNCTION refresh_customer_figures(
  p_org uuid,
  p_customer_ids uuid[] DEFAULT NULL,
  p_today date DEFAULT current_date
) RETURNS integer
LANGUAGE sql
AS $$
  WITH target AS (
    SELECT c.id, c.standing, c.paused_until
    FROM customer c
    WHERE c.org_id = p_org
      AND (p_customer_ids IS NULL OR c.id = ANY (p_customer_ids))
  ),
  overdue AS (
    SELECT i.customer_id,
           sum(i.amount_remaining)::bigint AS amount_overdue,
           count(*)::integer AS n_invoices,
           min(i.due_date) AS due_date
    FROM invoice i
    JOIN target t ON t.id = i.customer_id
    WHERE i.org_id = p_org
      AND i.status = 'open'
      AND i.amount_remaining > 0
      AND i.due_date < p_today
    GROUP BY i.customer_id
  ),
  -- Whether the customer's most recently settled invoice was voided or written off rather than
  -- paid: tells debt_voided from debt_paid when a customer returns to good standing.
  last_settled AS (
    SELECT DISTINCT ON (i.customer_id) i.customer_id, i.status
    FROM invoice i
    JOIN target t ON t.id = i.customer_id
    WHERE i.org_id = p_org AND i.status <> 'open'
    ORDER BY i.customer_id, i.updated_at DESC
  ),
  computed AS (
    SELECT t.id,
           t.standing AS old_standing,
           coalesce(o.amount_overdue, 0) AS amount_overdue,
           coalesce(o.n_invoices, 0) AS n_invoices,
           o.due_date,
           CASE
             WHEN t.standing = 'paused' AND (t.paused_until IS NULL OR t.paused_until > p_today) THEN 'paused'::standing
             WHEN coalesce(o.n_invoices, 0) = 0 THEN 'in_good_standing'::standing
             WHEN o.n_invoices = 1 THEN 'single_missed'::standing
             ELSE 'multiple_missed'::standing
           END AS new_standing,
           ls.status AS last_settled_status
    FROM target t
    LEFT JOIN overdue o ON o.customer_id = t.id
    LEFT JOIN last_settled ls ON ls.customer_id = t.id
  ),
  updated AS (
    UPDATE customer c
    SET amount_overdue = x.amount_overdue,
        n_invoices = x.n_invoices,
        due_date = x.due_date,
        standing = x.new_standing,
        standing_since = CASE WHEN x.new_standing <> x.old_standing THEN now() ELSE c.standing_since END,
        paused_until = CASE WHEN x.old_standing = 'paused' AND x.new_standing <> 'paused' THEN NULL ELSE c.paused_until END,
        updated_at = now()
    FROM computed x
    WHERE c.id = x.id
      AND c.org_id = p_org
      AND (c.amount_overdue, c.n_invoices, c.due_date, c.standing)
          IS DISTINCT FROM (x.amount_overdue, x.n_invoices, x.due_date, x.new_standing)
    RETURNING c.id, x.old_standing, x.new_standing, x.last_settled_status
  ),
  transitions AS (
    INSERT INTO standing_transition (org_id, customer_id, "from", "to", reason)
    SELECT p_org, u.id, u.old_standing, u.new_standing,
           CASE
             WHEN u.new_standing = 'multiple_missed' AND u.old_standing = 'single_missed' THEN 'to_multiple'
             WHEN u.new_standing = 'single_missed' AND u.old_standing = 'multiple_missed' THEN 'to_single'
             WHEN u.new_standing = 'in_good_standing' AND u.last_settled_status IN ('void', 'uncollectible') THEN 'debt_voided'
             WHEN u.new_standing = 'in_good_standing' THEN 'debt_paid'
             ELSE 'days_passed'
           END::transition_reason
    FROM updated u
    -- Pausing and resuming are a person's decisions, recorded elsewhere; only system moves here.
    WHERE u.new_standing <> u.old_standing AND u.old_standing <> 'paused' AND u.new_standing <> 'paused'
    RETURNING 1
  )
  SELECT count(*)::integer FROM updated;
$$;
