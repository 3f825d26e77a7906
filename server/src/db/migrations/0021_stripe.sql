-- Stripe (decision 0022): connected accounts with their sync's state, the install links already
-- used, and the webhook events received.
CREATE TYPE "public"."account_provider" AS ENUM('stripe');--> statement-breakpoint
CREATE TYPE "public"."account_status" AS ENUM('connected', 'disconnected');--> statement-breakpoint
CREATE TYPE "public"."sync_stage" AS ENUM('customers', 'open_invoices', 'recent_invoices', 'payments');--> statement-breakpoint
CREATE TYPE "public"."sync_status" AS ENUM('queued', 'running', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"provider" "account_provider" DEFAULT 'stripe' NOT NULL,
	"external_account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"status" "account_status" DEFAULT 'connected' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connected_by" uuid,
	"disconnected_at" timestamp with time zone,
	"disconnected_reason" text,
	"last_synced_at" timestamp with time zone,
	"sync_status" "sync_status",
	"sync_stage" "sync_stage",
	"sync_cursor" text,
	"sync_counts" jsonb DEFAULT '{"customers":0,"invoices":0,"payments":0,"skipped":0}'::jsonb NOT NULL,
	"sync_problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sync_error" text,
	"sync_started_at" timestamp with time zone,
	"sync_finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_install_nonce" (
	"nonce" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_event" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_install_nonce" ADD CONSTRAINT "account_install_nonce_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_event" ADD CONSTRAINT "stripe_event_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_event" ADD CONSTRAINT "stripe_event_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_org_provider_external_uidx" ON "account" USING btree ("org_id","provider","external_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_connected_external_uidx" ON "account" USING btree ("provider","external_account_id") WHERE "account"."status" = 'connected';--> statement-breakpoint
CREATE INDEX "stripe_event_org_received_idx" ON "stripe_event" USING btree ("org_id","received_at");--> statement-breakpoint
SELECT enable_org_rls('account');--> statement-breakpoint
SELECT enable_org_rls('account_install_nonce');--> statement-breakpoint
SELECT enable_org_rls('stripe_event');--> statement-breakpoint
-- A webhook names the Stripe account, not the organisation: which organisation an account id
-- belongs to is read before anything else is known. Writing stays fenced by org_isolation.
CREATE POLICY account_lookup ON account FOR SELECT USING (true);
