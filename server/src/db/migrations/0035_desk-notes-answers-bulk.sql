-- The customer page as a desk and Activity as a worklist (decisions 0043-0045): notes and logged calls,
-- written answers to a reply beside the one invoice copy, and bulk send-now / cancel jobs.
CREATE TYPE "public"."event_answer" AS ENUM('invoice_copy', 'written');--> statement-breakpoint
CREATE TYPE "public"."call_outcome" AS ENUM('spoke', 'left_message', 'no_answer', 'wrong_number');--> statement-breakpoint
CREATE TYPE "public"."customer_note_kind" AS ENUM('note', 'call');--> statement-breakpoint
CREATE TYPE "public"."event_bulk_action" AS ENUM('send_now', 'cancel');--> statement-breakpoint
CREATE TABLE "customer_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" "customer_note_kind" NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"contact_name" text,
	"outcome" "call_outcome",
	"happened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"follow_up_on" date,
	"follow_up_done_at" timestamp with time zone,
	"follow_up_done_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_bulk_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"action" "event_bulk_action" NOT NULL,
	"status" "customer_bulk_job_status" DEFAULT 'running' NOT NULL,
	"event_ids" uuid[],
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "event_answers_uidx";--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "answer" "event_answer";--> statement-breakpoint
-- Every answer so far was an invoice copy (decision 0021).
UPDATE "event" SET "answer" = 'invoice_copy' WHERE "answers_event_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_note" ADD CONSTRAINT "customer_note_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_note" ADD CONSTRAINT "customer_note_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bulk_job" ADD CONSTRAINT "event_bulk_job_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_note_customer_idx" ON "customer_note" USING btree ("org_id","customer_id","happened_at");--> statement-breakpoint
CREATE INDEX "customer_note_follow_up_idx" ON "customer_note" USING btree ("org_id","follow_up_on") WHERE "customer_note"."follow_up_on" is not null and "customer_note"."follow_up_done_at" is null;--> statement-breakpoint
CREATE INDEX "event_bulk_job_running_idx" ON "event_bulk_job" USING btree ("org_id","created_at") WHERE "event_bulk_job"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "event_answers_uidx" ON "event" USING btree ("org_id","answers_event_id") WHERE "event"."answer" = 'invoice_copy';--> statement-breakpoint
SELECT enable_org_rls('customer_note');--> statement-breakpoint
SELECT enable_org_rls('event_bulk_job');
