-- Which customers a scheduling pass must read (decision 0018, "Which customers a pass reads").
-- plan_episode is the standing episode the scheduler last planned the customer from: a standing
-- change by any path (the figures refresh, a pause) leaves it behind, and the customer is read.
-- plan_review_at is the earliest instant time alone can change its plan (a step comes within the
-- horizon, falls due, or would turn stale); null when nothing will by time alone.
ALTER TABLE "customer" ADD COLUMN "plan_episode" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "plan_review_at" timestamp with time zone;
