-- refresh_customer_figures under the customers' row locks (decision 0018, "Safe from two workers").
--
-- Two callers on the same customers at once (the figures job a starting worker sends beside the
-- hourly one in another worker, or a payment written during a pass) each computed the figures from
-- their own snapshot; the second UPDATE waited for the first's row lock and then wrote again from
-- its stale read, recording the same change of standing twice (and could put back figures that
-- ignored the other's payment). Now a call first finds, without locks, the customers whose figures
-- would change; locks those, in id order; and only then computes and writes them in a new
-- statement, whose snapshot holds whatever a caller it waited for committed. A customer the other
-- caller already brought up to date is then unchanged and left alone. Customers whose figures do
-- not change are never locked, so a normal day's pass locks little more than it writes.
CREATE OR REPLACE FUNCTION refresh_customer_figures(
  p_org uuid,
  p_customer_ids uuid[] DEFAULT NULL,
  p_today date DEFAULT current_date,
  p_now timestamptz DEFAULT now()
) RETURNS integer
LANGUAGE plpgsql
SET enable_nestloop = off
SET plan_cache_mode = force_custom_plan
SET jit = off
AS $$
DECLARE
  changed integer;
  candidates uuid[];
BEGIN
  WITH figures AS (
    SELECT c.id,
           c.standing AS old_standing,
           (c.amount_overdue, c.n_invoices, c.due_date, c.standing) AS stored,
           o.amount_overdue,
           o.n_invoices,
           o.due_date,
           CASE
             WHEN c.standing = 'paused' AND (c.paused_until IS NULL OR c.paused_until > p_today) THEN 'paused'::standing
             WHEN o.n_invoices = 0 THEN 'in_good_standing'::standing
             WHEN o.n_invoices = 1 THEN 'single_missed'::standing
             ELSE 'multiple_missed'::standing
           END AS new_standing
    FROM customer c
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(i.amount_remaining), 0)::bigint AS amount_overdue,
             count(*)::integer AS n_invoices,
             min(i.due_date) AS due_date
      FROM invoice i
      WHERE i.org_id = p_org AND i.customer_id = c.id
        AND i.status = 'open' AND i.amount_remaining > 0 AND i.due_date < p_today
    ) o
    WHERE c.org_id = p_org
      AND (p_customer_ids IS NULL OR c.id = ANY (p_customer_ids))
  )
  SELECT array_agg(f.id ORDER BY f.id) INTO candidates
  FROM figures f
  WHERE f.stored IS DISTINCT FROM (f.amount_overdue, f.n_invoices, f.due_date, f.new_standing);
  IF candidates IS NULL THEN
    RETURN 0;
  END IF;
  -- Lock them in id order (two callers lock in the same order, so neither waits on the other in a
  -- circle); a caller that waited here reads what the other committed in the statement below.
  PERFORM 1 FROM customer c WHERE c.org_id = p_org AND c.id = ANY (candidates) ORDER BY c.id FOR NO KEY UPDATE;

  WITH figures AS (
    SELECT c.id,
           c.standing AS old_standing,
           (c.amount_overdue, c.n_invoices, c.due_date, c.standing) AS stored,
           o.amount_overdue,
           o.n_invoices,
           o.due_date,
           CASE
             WHEN c.standing = 'paused' AND (c.paused_until IS NULL OR c.paused_until > p_today) THEN 'paused'::standing
             WHEN o.n_invoices = 0 THEN 'in_good_standing'::standing
             WHEN o.n_invoices = 1 THEN 'single_missed'::standing
             ELSE 'multiple_missed'::standing
           END AS new_standing
    FROM customer c
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(i.amount_remaining), 0)::bigint AS amount_overdue,
             count(*)::integer AS n_invoices,
             min(i.due_date) AS due_date
      FROM invoice i
      WHERE i.org_id = p_org AND i.customer_id = c.id
        AND i.status = 'open' AND i.amount_remaining > 0 AND i.due_date < p_today
    ) o
    WHERE c.org_id = p_org
      AND c.id = ANY (candidates)
  ),
  -- Only the customers whose figures or standing actually change are written.
  computed AS MATERIALIZED (
    SELECT f.id, f.old_standing, f.amount_overdue, f.n_invoices, f.due_date, f.new_standing
    FROM figures f
    WHERE f.stored IS DISTINCT FROM (f.amount_overdue, f.n_invoices, f.due_date, f.new_standing)
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
      AND c.id = ANY (candidates)
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
    LEFT JOIN LATERAL (
      SELECT i.status
      FROM invoice i
      WHERE u.new_standing = 'in_good_standing'
        AND i.org_id = p_org AND i.customer_id = u.id AND i.status <> 'open'
      ORDER BY i.updated_at DESC
      LIMIT 1
    ) ls ON true
    -- Pausing and resuming are a person's decisions, recorded elsewhere; only system moves here.
    WHERE u.new_standing <> u.old_standing AND u.old_standing <> 'paused' AND u.new_standing <> 'paused'
    RETURNING 1
  )
  SELECT count(*)::integer INTO changed FROM updated;
  RETURN changed;
END
$$;
