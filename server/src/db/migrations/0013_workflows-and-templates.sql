CREATE TYPE "public"."chase_standing" AS ENUM('single_missed', 'multiple_missed');--> statement-breakpoint
CREATE TYPE "public"."email_kind" AS ENUM('regular_email', 'escalation_email');--> statement-breakpoint
CREATE TYPE "public"."tone" AS ENUM('friendly-reminder', 'relationship-building', 'firm', 'urgent');--> statement-breakpoint
CREATE TYPE "public"."variation" AS ENUM('none', 'vary', 'full');--> statement-breakpoint
CREATE TABLE "email_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tone" "tone" NOT NULL,
	"kind" "email_kind" NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"variation" "variation" DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_action" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"standing" "chase_standing" NOT NULL,
	"delay_days" integer NOT NULL,
	"email_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_action_delay_range" CHECK ("workflow_action"."delay_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "holiday_region" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "weekly_cap" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_template" ADD CONSTRAINT "email_template_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_action" ADD CONSTRAINT "workflow_action_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_action" ADD CONSTRAINT "workflow_action_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_action" ADD CONSTRAINT "workflow_action_email_id_email_template_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_template"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_template_org_name_uidx" ON "email_template" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_org_name_uidx" ON "workflow" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_org_default_uidx" ON "workflow" USING btree ("org_id") WHERE "workflow"."is_default";--> statement-breakpoint
CREATE INDEX "workflow_action_workflow_idx" ON "workflow_action" USING btree ("workflow_id","standing","position");--> statement-breakpoint
CREATE INDEX "workflow_action_email_idx" ON "workflow_action" USING btree ("email_id");--> statement-breakpoint
-- Until now workflow_id pointed at nothing (there was no workflow table): clear it before the key.
UPDATE "customer" SET "workflow_id" = NULL WHERE "workflow_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_weekly_cap_range" CHECK ("org_settings"."weekly_cap" between 1 and 14);--> statement-breakpoint
SELECT enable_org_rls('email_template');--> statement-breakpoint
SELECT enable_org_rls('workflow');--> statement-breakpoint
SELECT enable_org_rls('workflow_action');
--> statement-breakpoint
-- The organisation's own name for org-scoped work (the default sender name of its reminders),
-- without granting the app role the auth tables: only the organisation in app.org_id is visible.
CREATE OR REPLACE FUNCTION current_org_name() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT name FROM auth_organization WHERE id = nullif(current_setting('app.org_id', true), '')::uuid
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION current_org_name() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION current_org_name() TO receivables_app;
