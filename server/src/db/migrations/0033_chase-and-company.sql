ALTER TYPE "public"."chase_standing" ADD VALUE 'in_good_standing';--> statement-breakpoint
CREATE TABLE "payment_allocation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocation_amount_positive" CHECK ("payment_allocation"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "workflow_action" DROP CONSTRAINT "workflow_action_delay_range";--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "chase_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "chase_due_date" date;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "company_number" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "company_address" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "workflow_action" ADD COLUMN "repeat_days" integer;--> statement-breakpoint
ALTER TABLE "payment_allocation" ADD CONSTRAINT "payment_allocation_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocation" ADD CONSTRAINT "payment_allocation_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocation" ADD CONSTRAINT "payment_allocation_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocation_payment_idx" ON "payment_allocation" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocation_invoice_idx" ON "payment_allocation" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "workflow_action" ADD CONSTRAINT "workflow_action_repeat_range" CHECK ("workflow_action"."repeat_days" is null or "workflow_action"."repeat_days" between 7 and 90);--> statement-breakpoint
ALTER TABLE "workflow_action" ADD CONSTRAINT "workflow_action_delay_range" CHECK (("workflow_action"."standing"::text = 'in_good_standing' and "workflow_action"."delay_days" between -60 and 0) or ("workflow_action"."standing"::text <> 'in_good_standing' and "workflow_action"."delay_days" between 0 and 365));--> statement-breakpoint
SELECT enable_org_rls('payment_allocation');
--> statement-breakpoint
-- The chase of a customer already owing (decision 0036): it began with its current episode, so the
-- dedupe keys of the emails already planned or sent in it stay the same and none goes twice; its
-- clock is its oldest overdue invoice's due date.
UPDATE "customer" SET "chase_since" = "standing_since", "chase_due_date" = "due_date"
WHERE "standing" IN ('single_missed', 'multiple_missed');
--> statement-breakpoint
-- refresh_customer_figures keeps the chase (decision 0036) beside the standing: as 0028 otherwise.
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
        -- The chase: a run of overdue debt, begun when the customer leaves good standing (or a
        -- pause) owing; its clock is the oldest due date seen overdue in it, kept when that
        -- invoice is paid, so settling one of several does not start the workflow over.
        chase_since = CASE
          WHEN x.new_standing NOT IN ('single_missed', 'multiple_missed') THEN NULL
          WHEN x.old_standing IN ('single_missed', 'multiple_missed') THEN coalesce(c.chase_since, c.standing_since)
          ELSE p_now
        END,
        chase_due_date = CASE
          WHEN x.new_standing NOT IN ('single_missed', 'multiple_missed') THEN NULL
          WHEN x.old_standing IN ('single_missed', 'multiple_missed') THEN least(coalesce(c.chase_due_date, x.due_date), x.due_date)
          ELSE x.due_date
        END,
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
