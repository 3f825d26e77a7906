-- Mail configuration (decision 0019): an organisation's own SMTP server and DKIM key, secrets sealed
-- by the server (AES-256-GCM); and the sender's lease on a pending event (claimed_at, lease_until), its
-- attempts and the mail server's answer. A claim is a lease, not a status: the seven statuses stay.
CREATE TYPE "public"."smtp_security" AS ENUM('tls', 'starttls', 'none');--> statement-breakpoint
CREATE TABLE "org_mail_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_security" "smtp_security",
	"smtp_username" text,
	"smtp_password_sealed" text,
	"dkim_domain" text,
	"dkim_selector" text,
	"dkim_private_key_sealed" text,
	"dkim_public_key" text,
	"dkim_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_mail_settings_smtp_port_range" CHECK ("org_mail_settings"."smtp_port" between 1 and 65535),
	CONSTRAINT "org_mail_settings_smtp_complete" CHECK (("org_mail_settings"."smtp_host" is null) = ("org_mail_settings"."smtp_port" is null) and ("org_mail_settings"."smtp_host" is null) = ("org_mail_settings"."smtp_security" is null)),
	CONSTRAINT "org_mail_settings_dkim_complete" CHECK (("org_mail_settings"."dkim_domain" is null) = ("org_mail_settings"."dkim_selector" is null) and ("org_mail_settings"."dkim_domain" is null) = ("org_mail_settings"."dkim_private_key_sealed" is null) and ("org_mail_settings"."dkim_domain" is null) = ("org_mail_settings"."dkim_public_key" is null) and ("org_mail_settings"."dkim_domain" is null) = ("org_mail_settings"."dkim_created_at" is null))
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "smtp_response" text;--> statement-breakpoint
ALTER TABLE "org_mail_settings" ADD CONSTRAINT "org_mail_settings_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_mail_settings_org_uidx" ON "org_mail_settings" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "event_sendable_idx" ON "event" USING btree (coalesce("next_attempt_at", "scheduled_for")) WHERE "event"."status" = 'pending' and "event"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "event_claimed_lease_idx" ON "event" USING btree ("lease_until") WHERE "event"."status" = 'pending' and "event"."claimed_at" is not null;--> statement-breakpoint
SELECT enable_org_rls('org_mail_settings');
