-- The daily figures pass at a million customers (decision 0018, "The daily figures pass").
--
-- figures_as_of: the day the pass last brought the organisation's figures to. The next pass
-- recomputes only the customers time can have changed since (an open unpaid invoice falling due
-- in between, a pause running out); with no record, or a today before it, every customer.
--
-- invoice_org_open_customer_idx: the open unpaid invoices by customer, with the due date and the
-- amount the figures read: a customer's overdue figures are one index-only probe, and the pass
-- finds the invoices that fell due in its window by walking this small index.
ALTER TABLE "org_settings" ADD COLUMN "figures_as_of" date;--> statement-breakpoint
CREATE INDEX "invoice_org_open_customer_idx" ON "invoice" USING btree ("org_id","customer_id","due_date","amount_remaining") WHERE "invoice"."status" = 'open' and "invoice"."amount_remaining" > 0;
--> statement-breakpoint
-- refresh_customer_figures, driven by its customers: the pass calls it on batches of a few
-- thousand ids, each its own short transaction, and every writer on the customers it touched.
--   - Each customer's overdue figures are a probe of invoice_org_open_customer_idx (a lateral
--     aggregate), so a batch costs its own customers, not the organisation's invoices: grouping
--     every invoice of the organisation for 5,000 customers cost 0.2–0.9 s a batch at a million.
--   - PL/pgSQL with custom plans: "p_customer_ids IS NULL OR c.id = ANY (p_customer_ids)" folds to
--     one or the other before planning, so a list of ids is read through the primary key. As a
--     LANGUAGE sql function, PostgreSQL before 18 planned it generically, without the ids: one id
--     read the whole organisation (0.26–0.54 s a call at a million customers; now about 1 ms), and
--     every invoice or payment written paid that.
--   - Nested loops stay off (0004) for every join but the lateral probe, which can only be one:
--     joins are hashes over the batch, whatever the statistics say after a bulk load.
--   - No JIT: the lateral probe is a nested loop, so with nested loops off every plan is costed
--     past JIT's thresholds; compiled, one customer took 340 ms and 5,000 unchanged ones 280 ms
--     (4 ms and 21 ms without).
--   - Whether a customer returning to good standing was voided or paid (the transition's reason)
--     is read for those customers only, newest settled invoice first.
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
      AND (p_customer_ids IS NULL OR c.id = ANY (p_customer_ids))
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
