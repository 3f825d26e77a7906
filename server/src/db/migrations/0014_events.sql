CREATE TYPE "public"."event_direction" AS ENUM('outbox', 'inbox');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('pending', 'success', 'draft_success', 'failure', 'superseded', 'incoming', 'unknown');--> statement-breakpoint
CREATE TABLE "event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"direction" "event_direction" NOT NULL,
	"status" "event_status" NOT NULL,
	"kind" "email_kind",
	"tone" "tone",
	"email_id" uuid,
	"workflow_id" uuid,
	"workflow_action_id" uuid,
	"standing" "chase_standing",
	"episode_start" timestamp with time zone,
	"due_day" date,
	"scheduled_for" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_address" text,
	"subject" text,
	"html" text,
	"text" text,
	"message_id" text,
	"in_reply_to" text,
	"error" text,
	"status_reason" text,
	"deferred" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_id" uuid,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_status_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" "event_status" NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_email_id_email_template_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_workflow_action_id_workflow_action_id_fk" FOREIGN KEY ("workflow_action_id") REFERENCES "public"."workflow_action"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_status_change" ADD CONSTRAINT "event_status_change_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_status_change" ADD CONSTRAINT "event_status_change_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_dedupe_key_uidx" ON "event" USING btree ("org_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "event_customer_idx" ON "event" USING btree ("org_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "event_status_scheduled_idx" ON "event" USING btree ("org_id","status","scheduled_for");--> statement-breakpoint
CREATE INDEX "event_scheduled_idx" ON "event" USING btree ("org_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "event_pending_due_idx" ON "event" USING btree ("scheduled_for") WHERE "event"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "event_status_change_event_idx" ON "event_status_change" USING btree ("event_id","at");--> statement-breakpoint
SELECT enable_org_rls('event');--> statement-breakpoint
SELECT enable_org_rls('event_status_change');
