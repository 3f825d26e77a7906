CREATE TYPE "public"."chase_stop_reason" AS ENUM('workflow_finished', 'no_contact', 'addresses_bounced', 'workflow_disabled', 'no_steps', 'no_workflow');--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "chase_stop_reason" "chase_stop_reason";--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "chase_stops_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customer_org_chase_stops_at_idx" ON "customer" USING btree ("org_id","chase_stops_at") WHERE "customer"."chase_stop_reason" is not null;--> statement-breakpoint
-- Every customer who owes is planned again by the next pass, which records whether its chasing
-- stops and why (decision 0039).
UPDATE "customer" SET "plan_review_at" = now() WHERE "standing" IN ('single_missed', 'multiple_missed');
