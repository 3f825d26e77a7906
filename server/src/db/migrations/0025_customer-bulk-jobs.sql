-- Bulk actions over every match run as a background job (decision 0008): the job, its progress,
-- and the ids of the customers it acts on, kept when it was accepted.
CREATE TYPE "public"."customer_bulk_job_status" AS ENUM('running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "customer_bulk_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"action" jsonb NOT NULL,
	"matching" jsonb NOT NULL,
	"status" "customer_bulk_job_status" DEFAULT 'running' NOT NULL,
	"customer_ids" uuid[],
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_bulk_job" ADD CONSTRAINT "customer_bulk_job_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_bulk_job_running_idx" ON "customer_bulk_job" USING btree ("org_id","created_at") WHERE "customer_bulk_job"."status" = 'running';--> statement-breakpoint
SELECT enable_org_rls('customer_bulk_job');
